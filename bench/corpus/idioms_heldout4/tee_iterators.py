"""One generator of (name, size) pairs, split by itertools.tee: one copy sizes the mesh, one names axes."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def mesh_dims():
    yield "slice", 2
    yield "core", 2


def split():
    for_mesh, for_collective = itertools.tee(mesh_dims())
    sizes = tuple(size for _, size in for_mesh)
    axes = tuple(name for name, _ in for_collective)
    return sizes, axes


SIZES, AXES = split()


def body(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("slice", "core"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
