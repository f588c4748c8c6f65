"""Axis names are letters sliced out of string.ascii_lowercase, one per mesh dimension."""
import string

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_SHAPE = (2, 2)


def axis_letters(ndim):
    start = string.ascii_lowercase.index("x")
    return tuple(string.ascii_lowercase[start:start + ndim])


def body(y_ref):
    tile = plgpu.layout_cast(jnp.full(SHAPE, 1.0, jnp.float32), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, axis_letters(len(MESH_SHAPE)))


if __name__ == "__main__":
    mesh = jax.make_mesh(MESH_SHAPE, ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
