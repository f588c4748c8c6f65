"""A look-up object is awaitable (hand-written `__await__`); the coroutine awaiting it returns the axes."""
import asyncio

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AxisLookup:
    def __init__(self, *names):
        self.names = names

    def __await__(self):
        yield from asyncio.sleep(0).__await__()
        return tuple(self.names)


async def plan():
    return await AxisLookup("rack", "slot")


AXES = asyncio.run(plan())


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rack", "slot"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((256,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
