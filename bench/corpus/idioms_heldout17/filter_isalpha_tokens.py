"""A flat token list is split with `filter(str.isalpha, ...)` for the axis names and `filter(str.isdigit, ...)` for the sizes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
TOKENS = ("glen", "2", "strath", "2")
AXES = tuple(filter(str.isalpha, TOKENS))
SIZES = tuple(map(int, filter(str.isdigit, TOKENS)))


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1)
    )

    @pl.when(lax.axis_index(AXES[0]) == 1)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("glen", "strath"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
