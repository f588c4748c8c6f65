"""Dtypes, layouts and kernels looked up by name: getattr on modules and globals()[name]."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
DTYPE_NAME = "bfloat16"
LAYOUT_NAME = "WG_STRIDED"
KERNEL_NAME = "sum_kernel"


def sum_kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")
    layout = getattr(plgpu.Layout, LAYOUT_NAME)(SHAPE, vec_size=8)
    y_ref[...] = plgpu.layout_cast(total, layout)


def max_kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="max")
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8))


if __name__ == "__main__":
    dtype = getattr(jnp, DTYPE_NAME)
    body = globals()[KERNEL_NAME]
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
