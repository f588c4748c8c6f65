"""`functools.reduce(operator.lshift, (1, VEC_LOG2))` shifts one left by the exponent: the vector width."""
import functools
import operator

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_LOG2 = 1
VEC = functools.reduce(operator.lshift, (1, VEC_LOG2))


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 0), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)
    )

    @pl.when(lax.axis_index("spit") == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, ("spit", "lagoon"))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("spit", "lagoon"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
