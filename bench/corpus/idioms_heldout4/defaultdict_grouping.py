"""Mesh axes are grouped by role in a defaultdict(list); the collective spans the 'reduce' group."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

AXIS_ROLES = [("fsdp", "reduce", 2), ("tensor", "reduce", 2)]


def group_axes(roles):
    groups = collections.defaultdict(list)
    for name, role, _ in roles:
        groups[role].append(name)
    return groups


def body(x_ref, y_ref):
    axes = tuple(group_axes(AXIS_ROLES)["reduce"])
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    sizes = tuple(size for _, _, size in AXIS_ROLES)
    mesh = jax.make_mesh(sizes, ("fsdp", "tensor"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
