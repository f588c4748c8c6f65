"""Mesh sizes and load widths live in array.array buffers; the vector width is derived from them."""
import array

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

MESH_SIZES = array.array("i", [2, 2])
LOAD_BITS = array.array("H", [32, 64, 128])
ELEMENT_BITS = 16


def widest_vec():
    return LOAD_BITS[-1] // ELEMENT_BITS


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("u", "v"), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=widest_vec()),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(MESH_SIZES), ("u", "v"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
