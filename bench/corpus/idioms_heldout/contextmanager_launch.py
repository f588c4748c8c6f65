"""A contextlib.contextmanager helper yields the mesh and the axis names around the launch."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


@contextlib.contextmanager
def device_mesh(axes=("x",)):
    mesh = jax.make_mesh((2,) * len(axes), axes)
    try:
        yield mesh, axes
    finally:
        pass


def make_kernel(axes):
    def kernel(x_ref, y_ref):
        plgpu.multimem_store(x_ref[...], y_ref, axes)

    return kernel


if __name__ == "__main__":
    with device_mesh() as (mesh, axes):
        call = plgpu.kernel(make_kernel(axes), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, jnp.float32)))
