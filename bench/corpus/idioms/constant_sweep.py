"""A long constant sweep of (dtype, op, vec_size) cases, every one of which lowers."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
CASES = (
    (jnp.int32, "add", 1), (jnp.int32, "min", 1), (jnp.int32, "max", 1), (jnp.int32, "and", 1),
    (jnp.int32, "or", 1), (jnp.int32, "xor", 1), (jnp.int32, "add", 2), (jnp.int32, "min", 4),
    (jnp.int32, "max", 2), (jnp.int32, "and", 4), (jnp.int32, "or", 2), (jnp.int32, "xor", 4),
    (jnp.float32, "add", 1), (jnp.float32, "add", 4), (jnp.float16, "add", 2), (jnp.float16, "min", 2),
    (jnp.float16, "max", 4), (jnp.bfloat16, "max", 2), (jnp.bfloat16, "add", 8), (jnp.bfloat16, "min", 4),
)


def launch(mesh, dtype, op, vec_size):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    return f(jnp.ones(SHAPE, dtype))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    for dtype, op, vec_size in CASES:
        launch(mesh, dtype, op, vec_size)
