"""The kernel's device number comes from a helper that reads both mesh axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BLOCK = (128, 64)


def flat_device_id():
    return lax.axis_index("rows") * lax.axis_size("cols") + lax.axis_index("cols")


def tag_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * flat_device_id().astype(jnp.float32)


if __name__ == "__main__":
    devices = np.array(jax.devices()[:8]).reshape(4, 2)
    mesh = jax.sharding.Mesh(devices, ("rows", "cols"))
    kernel = plgpu.kernel(tag_kernel, out_type=jax.ShapeDtypeStruct(BLOCK, jnp.float32))
    tagged = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(tagged(jnp.ones(BLOCK, jnp.float32))[0, 0])
