"""A functools.wraps decorator factory that binds the collective axes into the kernel body."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def over_axes(*axes):
    def decorate(body):
        @functools.wraps(body)
        def kernel(x_ref, y_ref):
            return body(x_ref, y_ref, axes)
        return kernel
    return decorate


@over_axes("rows", "cols")
def broadcast(x_ref, y_ref, axes):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=axes)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rows", "cols"))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(broadcast, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
