"""Axis names go through a `collections.UserString` subclass that lower-cases and trims them."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class AxisName(collections.UserString):
    def __init__(self, seq):
        super().__init__(str(seq).strip().lower())


AXES = tuple(str(AxisName(raw)) for raw in (" Zone ", "RING"))


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("zone", "ring"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
