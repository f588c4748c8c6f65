"""A list of lambdas is the table of layout builders; the config holds an index into it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

LAYOUT_BUILDERS = [
    lambda shape: plgpu.Layout.WGMMA,
    lambda shape: plgpu.Layout.WG_STRIDED(shape, vec_size=2),
    lambda shape: plgpu.Layout.WG_STRIDED(shape, vec_size=4),
]
CHOICE = 2
SHAPE = (128, 128)
DTYPE = jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("ax",), reduction_op="add"),
        LAYOUT_BUILDERS[CHOICE](SHAPE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("ax",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
