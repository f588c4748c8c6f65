"""A string.Formatter subclass renders "{kind!u}{index}" with a custom conversion (upper-casing)."""
import string

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class AxisFormatter(string.Formatter):
    def convert_field(self, value, conversion):
        if conversion == "u":
            return str(value).upper()
        return super().convert_field(value, conversion)


AXIS = AxisFormatter().format("{kind!u}{index}", kind="dp", index=0)


def kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=(AXIS,))
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (AXIS,))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        scratch_types=[plgpu.SemaphoreType.REGULAR])
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
