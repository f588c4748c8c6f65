"""An experiment class overrides settings; `delattr` removes the overrides so the base class's values apply."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Baseline:
    dtype = jnp.bfloat16
    op = "add"
    vec = 8


class Experiment(Baseline):
    dtype = jnp.float32
    op = "max"
    vec = 4


for name in ("dtype", "op", "vec"):
    delattr(Experiment, name)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=Experiment.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Experiment.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, Experiment.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, Experiment.dtype)))
