"""Three levels of nested functions, each returning a closure over the one outside."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def with_axes(*axes):
    def with_op(op):
        def with_layout(shape, vec_size):
            def kernel(x_ref, y_ref):
                total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=op)
                y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(shape, vec_size=vec_size))
            return kernel
        return with_layout
    return with_op


if __name__ == "__main__":
    shape = (256, 128)
    body = with_axes("x", "y")("min")(shape, 4)
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(shape, jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(shape, jnp.int32)))
