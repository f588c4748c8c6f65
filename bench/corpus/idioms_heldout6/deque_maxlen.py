"""A `collections.deque(maxlen=2)` keeps only the last two axes appended: the first one falls off."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

recent = collections.deque(maxlen=2)
for name in ("global", "island", "chip"):
    recent.append(name)
AXES = tuple(recent)


def body(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("island", "chip"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                        scratch_types=[plgpu.SemaphoreType.REGULAR])
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
