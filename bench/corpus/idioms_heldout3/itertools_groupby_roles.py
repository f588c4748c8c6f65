"""Axes grouped by role with itertools.groupby; the "reduce" group becomes the collective axes."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
AXIS_TABLE = [
    ("reduce", "node", 2),
    ("reduce", "chip", 2),
]
ROLES = {role: list(group) for role, group in itertools.groupby(AXIS_TABLE, key=lambda row: row[0])}
REDUCE_AXES = tuple(name for _, name, _ in ROLES["reduce"])
MESH_SHAPE = tuple(size for _, _, size in AXIS_TABLE)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=REDUCE_AXES, reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(MESH_SHAPE, tuple(row[1] for row in AXIS_TABLE))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float16)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
