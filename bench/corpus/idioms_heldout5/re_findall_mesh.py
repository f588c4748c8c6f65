"""re.findall pulls (name, size) pairs out of a "2xhost 2xchip" mesh string; both the mesh and the
collective use them."""
import re

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

MESH_TEXT = "2xhost 2xchip"
PAIRS = re.findall(r"(\d+)x(\w+)", MESH_TEXT)       # [("2", "host"), ("2", "chip")]
SIZES = tuple(int(size) for size, _ in PAIRS)
NAMES = tuple(name for _, name in PAIRS)


def barrier(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=NAMES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("host", "chip"))
    call = plgpu.kernel(
        barrier,
        out_type=jax.ShapeDtypeStruct((128,), jnp.int32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
