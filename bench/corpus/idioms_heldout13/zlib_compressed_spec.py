"""The kernel spec travels zlib-compressed; `zlib.decompress` gives back "axes;dtype;op"."""
import zlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

BLOB = zlib.compress(";".join(["data,model", "int32", "min"]).encode())
AXES_TEXT, DTYPE_NAME, OP = zlib.decompress(BLOB).decode().split(";")
AXES = tuple(AXES_TEXT.split(","))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(DTYPE_NAME)
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
