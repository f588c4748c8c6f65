"""The semantics comes lower-case from a config and is `str.capitalize`d into the enum member name."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

CONFIG = {"semantics": "warpgroup", "dtype": "bfloat16"}
SEMANTICS = plgpu.LoweringSemantics[CONFIG["semantics"].capitalize()]
DTYPE = getattr(jnp, CONFIG["dtype"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="min")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
