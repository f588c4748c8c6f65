"""Collective axes ordered by priority through a heapq (heappush / heappop until empty)."""
import heapq

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
queue = []
for priority, axis in [(2, "fsdp"), (1, "pod")]:
    heapq.heappush(queue, (priority, axis))
ORDERED = []
while queue:
    ORDERED.append(heapq.heappop(queue)[1])


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=tuple(ORDERED))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pod", "fsdp"))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
