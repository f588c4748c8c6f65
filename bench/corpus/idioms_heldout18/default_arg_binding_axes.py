"""A default argument is evaluated when the `def` runs: rebinding `AXES` afterwards does not change what `barrier_axes()` returns."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXES = ("kame", "kettle")


def barrier_axes(axes=AXES):
    return axes


AXES = ("moraine",)


def barrier_kernel(o_ref, sem):
    names = barrier_axes()
    plgpu.semaphore_signal_multicast(sem, collective_axes=names)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("kame", "kettle"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
