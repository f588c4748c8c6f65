"""A session object whose __enter__ returns the launch settings and whose __exit__ discards them."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Session:
    def __init__(self, axis, devices):
        self.axis, self.devices = axis, devices

    def __enter__(self):
        self.settings = {"axis": self.axis, "mesh": jax.make_mesh((self.devices,), (self.axis,))}
        return self.settings

    def __exit__(self, *exc):
        self.settings = None
        return False


def kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXIS)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    with Session("peers", 2) as settings:
        AXIS = settings["axis"]
        call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                            scratch_types=[plgpu.SemaphoreType.REGULAR])
        run = jax.jit(jax.shard_map(call, mesh=settings["mesh"], in_specs=(), out_specs=P(), check_vma=False))
        print(run())
