"""The element width from struct.calcsize of the dtype's format character; vec = 128 bits / width."""
import struct

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
FORMAT = "e"  # IEEE half
DTYPES = {"e": jnp.float16, "f": jnp.float32, "i": jnp.int32}
BITS = struct.calcsize(FORMAT) * 8
VEC = 128 // BITS


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("stripe",), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("stripe",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPES[FORMAT]))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPES[FORMAT])))
