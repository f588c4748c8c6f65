"""Mesh levels are registered outermost first in a dict; `reversed()` of the dict yields them innermost first."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
LEVELS = {"rack": 2, "board": 2}
INNERMOST_FIRST = tuple(reversed(LEVELS))


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4)
    )

    @pl.when(lax.axis_index(INNERMOST_FIRST[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, INNERMOST_FIRST)


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(LEVELS.values()), ("rack", "board"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
