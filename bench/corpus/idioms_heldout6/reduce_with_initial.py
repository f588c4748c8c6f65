"""`functools.reduce` with an initial value folds mesh levels into the axes tuple."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
LEVELS = [{"name": "node", "size": 2}, {"name": "gpu", "size": 2}]

axes = functools.reduce(lambda acc, level: (*acc, level["name"]), LEVELS, ())
sizes = functools.reduce(lambda acc, level: (*acc, level["size"]), LEVELS, ())


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, axes)


if __name__ == "__main__":
    mesh = jax.make_mesh(sizes, ("node", "gpu"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
