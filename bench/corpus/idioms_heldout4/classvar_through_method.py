"""Axes are registered into a class variable by a method called on instances; the kernel reads the class."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Topology:
    axes = ()
    sizes = ()

    def declare(self, name, size):
        cls = type(self)
        cls.axes += (name,)
        cls.sizes += (size,)
        return self


def body(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=Topology.axes)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    Topology().declare("nodes", 2).declare("gpus", 2)
    mesh = jax.make_mesh(Topology.sizes, ("nodes", "gpus"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
