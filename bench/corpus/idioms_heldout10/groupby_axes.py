"""Mesh axes are grouped by role with itertools.groupby; the reduction spans every group."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
LAYOUT_PLAN = [("replica", "dp"), ("replica", "fsdp"), ("tensor", "tp")]
BY_ROLE = {role: tuple(name for _, name in group)
           for role, group in itertools.groupby(LAYOUT_PLAN, key=lambda pair: pair[0])}
MESH_AXES = BY_ROLE["replica"] + BY_ROLE["tensor"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=MESH_AXES, reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), MESH_AXES)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
