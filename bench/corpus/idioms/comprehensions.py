"""Axis tuples and per-dtype settings built with comprehensions; one launch per dtype."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
MESH_AXES = ("batch", "model")
DTYPES = (jnp.float32, jnp.bfloat16, jnp.int32)
VEC_SIZES = {dtype: 16 // jnp.dtype(dtype).itemsize for dtype in DTYPES}


def make_kernel(dtype):
    axes = tuple(name for name in MESH_AXES if name)
    vec_size = VEC_SIZES[dtype]

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op="add")
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    return kernel


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), MESH_AXES)
    calls = [
        plgpu.kernel(make_kernel(dtype), out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
        for dtype in DTYPES
    ]
    for dtype, call in zip(DTYPES, calls, strict=True):
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, dtype)))
