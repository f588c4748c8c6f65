"""Axis names from device labels: re.sub strips the numeric suffixes, re.findall collects them."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
LABELS = "slice0:2 lane1:2"
AXES = tuple(re.sub(r"\d+$", "", name) for name in re.findall(r"([a-z]+\d*):", LABELS))
SIZES = tuple(int(n) for n in re.findall(r":(\d+)", LABELS))


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, AXES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
