"""`lanes **= 2` calls `Lanes.__ipow__`, squaring the base width in place: the vector size is the square."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
VEC_BASE = 2


class Lanes:
    def __init__(self, count):
        self.count = count

    def __ipow__(self, exponent):
        self.count = self.count ** exponent
        return self


lanes = Lanes(VEC_BASE)
lanes **= 2


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 0), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=lanes.count)
    )

    @pl.when(lax.axis_index("weir") == 1)
    def _():
        plgpu.multimem_store(tile, y_ref, ("weir", "sluice"))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("weir", "sluice"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
