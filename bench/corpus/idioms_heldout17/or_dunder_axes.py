"""Axis groups are merged with `|`: `AxisGroup.__or__` keeps the left group's order and appends the new names."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AxisGroup:
    def __init__(self, *names):
        self.names = tuple(names)

    def __or__(self, other):
        return AxisGroup(*self.names, *(n for n in other.names if n not in self.names))


AXES = (AxisGroup("summit") | AxisGroup("saddle", "summit")).names


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("summit", "saddle"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((128,), jnp.int32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
