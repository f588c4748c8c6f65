"""Axis names derived with f-strings, sorted(), slices and negative indices."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
LEVELS = ("node", "gpu")
AXIS_NAMES = tuple(f"{level}_axis" for level in LEVELS)


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, tuple(sorted(AXIS_NAMES[-2:])))


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), AXIS_NAMES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
