"""A sweep over itertools.product of reductions and dtypes."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
OPS = ("add", "max")
DTYPES = (jnp.bfloat16, jnp.float16)


def run(op, dtype, mesh):
    vec_size = 16 // jnp.dtype(dtype).itemsize

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(
        jnp.ones(SHAPE, dtype))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    for op, dtype in itertools.product(OPS, DTYPES):
        print(op, dtype, run(op, dtype, mesh))
