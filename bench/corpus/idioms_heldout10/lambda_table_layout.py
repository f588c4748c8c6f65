"""Layout factories are lambdas stored in a dict keyed by element width."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPE = jnp.float16
LAYOUT_BY_BITS = {
    32: lambda shape: plgpu.Layout.WG_STRIDED(shape, vec_size=4),
    16: lambda shape: plgpu.Layout.WG_STRIDED(shape, vec_size=8),
}
LAYOUT = LAYOUT_BY_BITS[jnp.dtype(DTYPE).itemsize * 8](SHAPE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="add"),
        LAYOUT,
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
