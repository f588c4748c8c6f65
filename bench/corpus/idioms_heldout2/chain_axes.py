"""Axis names joined with itertools.chain and deduplicated with dict.fromkeys."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DATA_AXES = ("data",)
MODEL_AXES = ("model", "data")
ALL_AXES = tuple(dict.fromkeys(itertools.chain(DATA_AXES, MODEL_AXES)))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=ALL_AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ALL_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
