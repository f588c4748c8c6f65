"""A settings class with a classmethod alternate constructor parsing "axis=sync;devices=2"."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128,)


class Barrier:
    def __init__(self, axis, devices):
        self.axis, self.devices = axis, devices

    @classmethod
    def from_string(cls, text):
        fields = dict(item.split("=") for item in text.split(";"))
        return cls(fields["axis"], int(fields["devices"]))

    def mesh(self):
        return jax.make_mesh((self.devices,), (self.axis,))


BARRIER = Barrier.from_string("axis=sync;devices=2")


def kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=BARRIER.axis)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        scratch_types=[plgpu.SemaphoreType.REGULAR])
    run = jax.jit(jax.shard_map(call, mesh=BARRIER.mesh(), in_specs=(), out_specs=P(), check_vma=False))
    print(run())
