"""Sets a process-global mesh with a plain `jax.set_mesh(mesh)` statement (a warm worker must not keep it)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=("x",))
    pl.semaphore_wait(sem, 2)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


def barrier():
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    return jax.jit(jax.shard_map(call, in_specs=(), out_specs=P(), check_vma=False))()


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    jax.set_mesh(mesh)
    print(barrier())
