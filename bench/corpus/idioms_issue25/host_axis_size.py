"""A kernel copies its block; the jitted function around it scales by the model axis's size."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BLOCK = (64, 128)


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def scaled_copy(x):
    out = plgpu.kernel(copy_kernel, out_type=jax.ShapeDtypeStruct(BLOCK, jnp.float32))(x)
    return out * lax.axis_size("model")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    run = jax.jit(jax.shard_map(scaled_copy, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(BLOCK, jnp.float32)).mean())
