"""Mesh sizes from running products (itertools.accumulate with operator.mul) of a factor list."""
import itertools
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
FACTORS = [2, 2]
AXES = ("outer", "inner")
VEC_SIZE = 2


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE),
    )


if __name__ == "__main__":
    running = list(itertools.accumulate(FACTORS, operator.mul))
    total = running[-1]
    assert total <= jax.device_count()
    mesh = jax.make_mesh(tuple(FACTORS), AXES, devices=jax.devices()[:total])
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
