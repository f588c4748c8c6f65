"""@functools.cache memoises the mesh and the launch; the second lookup returns the same objects."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXES = ("node", "gpu")


@functools.cache
def mesh():
    return jax.make_mesh((2, 2), ("node", "gpu"))


def barrier(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


@functools.cache
def launch():
    call = plgpu.kernel(
        barrier,
        out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    return jax.jit(jax.shard_map(call, mesh=mesh(), in_specs=(), out_specs=P(), check_vma=False))


if __name__ == "__main__":
    assert launch() is launch()
    print(launch()())
