"""The axes are the new side of a `difflib.unified_diff` between the old and the new topology: context and added lines."""
import difflib

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
OLD = ["pampa"]
NEW = ["pampa", "steppe"]
AXES = tuple(
    line[1:]
    for line in difflib.unified_diff(OLD, NEW, lineterm="")
    if line[:1] in " +" and not line.startswith("+++")
)


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pampa", "steppe"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
