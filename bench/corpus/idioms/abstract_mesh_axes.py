"""Collective axes read from the abstract mesh inside the shard_mapped function."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def sharded_body(x):
    axes = jax.sharding.get_abstract_mesh().axis_names

    def kernel(x_ref, y_ref):
        plgpu.multimem_store(x_ref[...], y_ref, axes)

    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))(x)


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
    f = jax.jit(jax.shard_map(sharded_body, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
