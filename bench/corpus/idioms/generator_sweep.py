"""Launch settings produced by a generator function and consumed in a sweep loop."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def settings():
    for dtype, op in itertools.product((jnp.float16, jnp.bfloat16), ("add", "max")):
        yield dtype, op, 128 // (jnp.dtype(dtype).itemsize * 8)


def launch(dtype, op, vec_size, mesh):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes="x", reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    return f(jnp.ones(SHAPE, dtype))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    for dtype, op, vec_size in settings():
        print(launch(dtype, op, vec_size, mesh))
