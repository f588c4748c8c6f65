"""Vector width computed from the dtype: 16 bytes per lane access, dtype taken from the input."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ACCESS_BYTES = 16
SHAPE = (256, 128)


def vector_size(dtype):
    return ACCESS_BYTES // jnp.dtype(dtype).itemsize


def allreduce(x, mesh):
    vec_size = vector_size(x.dtype)

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(x.shape, vec_size=vec_size))

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    x = jax.random.normal(jax.random.key(0), SHAPE, dtype=jnp.bfloat16)
    print(allreduce(x, mesh))
