"""`route %= {...}` calls `Route.__imod__`, which fills the route's placeholders: the axes come from the filled text."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Route:
    def __init__(self, text):
        self.text = text

    def __imod__(self, values):
        return Route(self.text.format_map(values))


route = Route("{outer}.{inner}")
route %= {"outer": "moor", "inner": "heath"}
AXES = tuple(route.text.split("."))


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("moor", "heath"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((128,), jnp.int32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
