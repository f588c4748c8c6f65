"""An axis-set builder implements `__iadd__`; `axes += name` appends each mesh level once, in order."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AxisSet:
    def __init__(self):
        self.names = []

    def __iadd__(self, name):
        if name not in self.names:
            self.names.append(name)
        return self


BUILDER = AxisSet()
for level in ("hub", "spoke", "hub"):
    BUILDER += level
AXES = tuple(BUILDER.names)


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("hub", "spoke"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((256,), jnp.int32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
