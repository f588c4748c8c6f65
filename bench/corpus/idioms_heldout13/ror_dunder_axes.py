"""A tuple of axis names is joined with an axis set by `tuple | AxisSet(...)`, handled by `AxisSet.__ror__`."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AxisSet:
    def __init__(self, *names):
        self.names = names

    def __ror__(self, other):
        return tuple(other) + tuple(n for n in self.names if n not in other)


AXES = ("node",) | AxisSet("node", "gpu")


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(AXES[-1]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("node", "gpu"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
