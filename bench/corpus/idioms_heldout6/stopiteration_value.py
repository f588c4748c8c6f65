"""A generator's `return` value (the chosen axes) is read from `StopIteration.value` once it is exhausted."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def negotiate(candidates):
    kept = []
    for name in candidates:
        yield f"probing {name}"
        if not name.startswith("_"):
            kept.append(name)
    return tuple(kept)


steps = negotiate(["zone", "_scratch", "rack"])
try:
    while True:
        next(steps)
except StopIteration as finished:
    AXES = finished.value


def body(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("zone", "rack"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                        scratch_types=[plgpu.SemaphoreType.REGULAR])
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
