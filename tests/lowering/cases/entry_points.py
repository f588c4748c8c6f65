"""No __main__ block: the launches live in functions an entry names."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


def signal_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes="peers")
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


def launch_without_mesh():
    call = plgpu.kernel(
        signal_kernel,
        out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    return jax.jit(call)()


def test_signal_without_mesh():
    assert launch_without_mesh().shape == (128,)
