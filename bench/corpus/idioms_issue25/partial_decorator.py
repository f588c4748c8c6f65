"""functools.partial(jax.shard_map, ...) as a decorator; the kernel offsets by its column."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BLOCK = (128, 128)
MESH = jax.make_mesh((2, 2), ("i", "j"))


def column_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + lax.axis_index("j").astype(jnp.float32)


@jax.jit
@functools.partial(jax.shard_map, mesh=MESH, in_specs=P(), out_specs=P(), check_vma=False)
def step(x):
    return plgpu.kernel(column_kernel, out_type=jax.ShapeDtypeStruct(BLOCK, jnp.float32))(x)


if __name__ == "__main__":
    print(step(jnp.ones(BLOCK, jnp.float32)).shape)
