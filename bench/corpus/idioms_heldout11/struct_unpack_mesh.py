"""The launch header is packed with struct.pack and read back with struct.unpack: mesh shape and vec."""
import struct

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
HEADER = struct.Struct("<HHHH")
BLOB = HEADER.pack(2, 2, 128, 4)  # mesh rows, mesh cols, tile edge, vec
MESH_ROWS, MESH_COLS, EDGE, VEC = HEADER.unpack(BLOB)
SHAPE = (EDGE, EDGE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="xor"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((MESH_ROWS, MESH_COLS), ("x", "y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
