"""A route is built with `"canal" >> ("lock" >> Route())`: str has no `>>`, so `Route.__rrshift__` prepends each hop."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Route:
    def __init__(self, hops=()):
        self.hops = tuple(hops)

    def __rrshift__(self, hop):
        return Route((hop, *self.hops))


ROUTE = "canal" >> ("lock" >> Route())


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 0), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4)
    )

    @pl.when(lax.axis_index(ROUTE.hops[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, ROUTE.hops)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("canal", "lock"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
