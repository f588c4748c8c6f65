"""A generator expression fed to dict() builds the per-axis sizes; the axes are its keys, in order."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

RAW = "north=2 south=2"
SIZES = dict((item.split("=")[0], int(item.split("=")[1])) for item in RAW.split())


def barrier(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=tuple(SIZES))
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(SIZES.values()), ("north", "south"))
    call = plgpu.kernel(
        barrier,
        out_type=jax.ShapeDtypeStruct((256,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
