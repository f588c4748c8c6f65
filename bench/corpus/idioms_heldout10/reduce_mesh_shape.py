"""The mesh is sized by folding its axis sizes with functools.reduce, then built from devices."""
import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXES = {"pod": 2, "chip": 2}
COUNT = functools.reduce(operator.mul, AXES.values(), 1)


def store_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, tuple(AXES))


if __name__ == "__main__":
    devices = np.array(jax.devices()[:COUNT]).reshape(tuple(AXES.values()))
    mesh = jax.sharding.Mesh(devices, tuple(AXES))
    call = plgpu.kernel(store_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
