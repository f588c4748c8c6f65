"""Kernels made in a loop: default arguments freeze each op (no late-binding surprise)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
OPS = ("add", "min", "max")


def build_kernels():
    kernels = []
    for op in OPS:
        def kernel(x_ref, y_ref, op=op):
            total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=op)
            y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2))
        kernels.append(kernel)
    return kernels


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    for kernel in build_kernels():
        call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, jnp.int32)))
