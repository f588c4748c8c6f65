"""A user-typed axis list "X, ,Y," cleaned with map(str.strip), filter(None, ...) and map(str.lower)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
USER_AXES = "X, ,Y,"
AXES = tuple(map(str.lower, filter(None, map(str.strip, USER_AXES.split(",")))))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), AXES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
