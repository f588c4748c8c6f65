"""Mesh axes named by a str-mixin Enum: members are used directly as axis names."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Axis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"


def broadcast_kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=tuple(Axis))


if __name__ == "__main__":
    devices = np.array(jax.devices()[:4]).reshape(2, 2)
    mesh = jax.sharding.Mesh(devices, tuple(axis.value for axis in Axis))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
