"""Per-axis kernels made in a loop with lambda default arguments capturing the loop value."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
AXIS_CHOICES = ("left", "right")
STORES = [lambda x_ref, y_ref, axis=axis: plgpu.multimem_store(x_ref[...], y_ref, collective_axes=(axis,))
          for axis in AXIS_CHOICES]


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("right",))
    x = jnp.ones(SHAPE, jnp.float32)
    call = plgpu.kernel(STORES[1], out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(x))
