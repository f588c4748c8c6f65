"""Settings taken apart with starred tuple unpacking (`first, *rest = ...`)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SETTINGS = ("add", 4, jnp.float32, "x", "y")

OP, VEC_SIZE, DTYPE, *AXES = SETTINGS
*ROWS_COLS, _ = (256, 128, "unused")


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(AXES), reduction_op=OP)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(tuple(ROWS_COLS), vec_size=VEC_SIZE))


if __name__ == "__main__":
    first, *others = AXES
    mesh = jax.make_mesh((2, 2), (first, *others))
    shape = tuple(ROWS_COLS)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, DTYPE))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(shape, DTYPE)))
