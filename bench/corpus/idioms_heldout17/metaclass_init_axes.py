"""A metaclass `__init__` runs after the class body and derives the class's `axes` from its `levels` table."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Topology(type):
    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        levels = namespace.get("levels", {})
        cls.axes = tuple(levels)
        cls.devices = len(levels) * 2


class Cluster(metaclass=Topology):
    levels = {"rack": 2, "node": 2}


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=Cluster.axes)
    pl.semaphore_wait(sem, Cluster.devices)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rack", "node"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((256,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
