"""A `collections.abc.MutableSequence` whose `insert` refuses duplicates; mixin `extend` builds the axes."""
import collections.abc

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class UniqueAxes(collections.abc.MutableSequence):
    def __init__(self):
        self._items = []

    def __getitem__(self, index):
        return self._items[index]

    def __setitem__(self, index, value):
        self._items[index] = value

    def __delitem__(self, index):
        del self._items[index]

    def __len__(self):
        return len(self._items)

    def insert(self, index, value):
        if value not in self._items:
            self._items.insert(index, value)


axes = UniqueAxes()
axes.extend(["x", "y", "x"])
AXES = tuple(axes)


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(AXES[-1]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
