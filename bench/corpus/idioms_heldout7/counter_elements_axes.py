"""Axis usage counts are a `collections.Counter`; `.elements()` repeats each name by count, skips zeros."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
USES = collections.Counter(x=1, y=1, z=0)

AXES = tuple(USES.elements())


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), ("x", "y", "z"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
