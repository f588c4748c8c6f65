"""A NamedTuple of launch settings, built by keyword and varied with _replace."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Launch(NamedTuple):
    axes: tuple
    shape: tuple = (128, 128)
    dtype: object = jnp.float32


def broadcast(settings: Launch, mesh):
    def kernel(x_ref, y_ref):
        plgpu.multimem_store(x_ref[...], y_ref, settings.axes)

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(settings.shape, settings.dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    return f(jnp.ones(settings.shape, settings.dtype))


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("rows", "cols"))
    first = Launch(axes=("rows", "cols"))
    second = first._replace(dtype=jnp.int32)
    for settings in (first, second):
        print(broadcast(settings, mesh))
