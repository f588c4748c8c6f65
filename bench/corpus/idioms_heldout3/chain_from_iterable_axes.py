"""Axis names nested per tier and flattened with itertools.chain.from_iterable."""
from itertools import chain

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TIERS = {"host": ["h"], "device": ["d"]}
ALL_AXES = tuple(chain.from_iterable(TIERS.values()))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, ALL_AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,) * len(ALL_AXES), ALL_AXES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.zeros(out_type.shape, out_type.dtype)))
