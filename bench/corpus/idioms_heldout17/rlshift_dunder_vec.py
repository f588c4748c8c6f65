"""The width is `1 << Exponent(VEC_LOG2)`: int cannot shift by an `Exponent`, so `Exponent.__rlshift__` computes it."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 256)
VEC_LOG2 = 2


class Exponent:
    def __init__(self, bits):
        self.bits = bits

    def __rlshift__(self, base):
        return base << self.bits


VEC = 1 << Exponent(VEC_LOG2)


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)
    )

    @pl.when(lax.axis_index("sill") == 1)
    def _():
        plgpu.multimem_store(tile, y_ref, ("sill", "dyke"))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("sill", "dyke"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
