"""The vector width is `statistics.mean` of two integer widths, which stays an int when the mean is whole."""
import statistics

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
VEC_LOW = 2
VEC_HIGH = 6
VEC = statistics.mean([VEC_LOW, VEC_HIGH])


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 0), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)
    )

    @pl.when(lax.axis_index("atoll") == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, ("atoll", "key"))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("atoll", "key"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
