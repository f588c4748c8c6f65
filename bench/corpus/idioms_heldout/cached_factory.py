"""Kernels built by a @functools.cache factory keyed on (op, dtype)."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXES = ("x",)


@functools.cache
def allreduce_kernel(op, dtype):
    vec_size = 16 // jnp.dtype(dtype).itemsize

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))


@functools.lru_cache(maxsize=None)  # noqa: UP033 (the idiom)
def sharded(op, dtype, mesh):
    return jax.jit(jax.shard_map(allreduce_kernel(op, dtype), mesh=mesh, in_specs=P(), out_specs=P(),
                                 check_vma=False))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    print(sharded("add", jnp.float32, mesh)(jnp.ones(SHAPE, jnp.float32)))
