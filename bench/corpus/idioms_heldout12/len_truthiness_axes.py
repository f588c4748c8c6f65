"""An axis group defines only `__len__`, so `if group:` tests it: a non-empty inner group joins the axes."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AxisGroup:
    def __init__(self, *names):
        self.names = names

    def __len__(self):
        return len(self.names)


OUTER = AxisGroup("x")
INNER = AxisGroup("y")


def collective_axes():
    axes = OUTER.names
    if INNER:
        axes += INNER.names
    return axes


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=collective_axes())
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((256,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
