"""`action="extend"` gathers the axes from repeated flags and `parse_known_args` sets the unknown flag aside."""
import argparse

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
PARSER = argparse.ArgumentParser()
PARSER.add_argument("--axis", action="extend", nargs="+", default=[])
ARGS, EXTRA = PARSER.parse_known_args(["--axis", "kame", "--verbose", "--axis", "kettle"])
AXES = tuple(ARGS.axis)


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("kame", "kettle"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((256,), jnp.float16),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
