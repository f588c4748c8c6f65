"""A heapq of (priority, axis) pairs orders the axes of the mesh and the broadcast."""
import heapq

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
HEAP = []
for priority, axis in ((1, "inner"), (0, "outer")):
    heapq.heappush(HEAP, (priority, axis))
AXES = tuple(heapq.heappop(HEAP)[1] for _ in range(len(HEAP)))


def broadcast_kernel(y_ref):
    @pl.when((lax.axis_index(AXES[0]) == 0) & (lax.axis_index(AXES[1]) == 0))
    def _():
        tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), AXES)
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
