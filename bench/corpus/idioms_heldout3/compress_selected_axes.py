"""The reduced axes picked from the mesh's axes by a boolean mask with itertools.compress."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_AXES = ("batch", "model")
REDUCE_MASK = (True, True)
REDUCED = tuple(itertools.compress(MESH_AXES, REDUCE_MASK))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=REDUCED)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), MESH_AXES)
    x = jnp.ones(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(x))
