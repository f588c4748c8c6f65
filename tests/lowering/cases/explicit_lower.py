"""The user's own jax.jit(f).lower(x): a launch like a call; a failing one stops the script."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def signal_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes="peers")
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


call = plgpu.kernel(
    signal_kernel,
    out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
    scratch_types=[plgpu.SemaphoreType.REGULAR],
)
mesh = jax.make_mesh((2,), ("peers",))
sm = jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False)
print(jax.jit(sm).lower().as_text()[:80])
print(jax.jit(call).lower().as_text()[:80])
print("not reached")
