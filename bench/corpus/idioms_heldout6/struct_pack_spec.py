"""The kernel spec is packed with `struct.pack` and read back with `struct.unpack` (as a wire format)."""
import struct

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
FORMAT = "<B3s4s"

wire = struct.pack(FORMAT, 2, b"min", b"xpod")
vec_size, op_bytes, axis_bytes = struct.unpack(FORMAT, wire)
reduction = op_bytes.decode()
axis = axis_bytes.decode()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(axis,), reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("xpod",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
