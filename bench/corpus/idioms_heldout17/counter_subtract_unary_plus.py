"""Axis usage is tallied in a Counter; `subtract` removes the retired ones and unary `+` drops every count not above zero."""
from collections import Counter

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
USES = Counter(["sedge", "rush", "sedge", "reed"])
USES.subtract(["reed", "reed"])
AXES = tuple(+USES)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("sedge", "rush"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
