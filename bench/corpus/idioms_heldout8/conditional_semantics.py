"""A conditional expression picks Lane semantics; the reduce has no layout_cast."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

FAST_PATH = True
SEM = "Lane" if FAST_PATH else "Warpgroup"
SEMANTICS = getattr(plgpu.LoweringSemantics, SEM)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="add")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
