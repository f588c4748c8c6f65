"""Axis groups joined with sum(groups, start=()) and split back with starred assignment."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
GROUPS = [("data",), ("fsdp",)]
ALL_AXES = sum(GROUPS, start=())
FIRST, *REST = ALL_AXES
DTYPE = jnp.bfloat16
VEC = 2


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(FIRST, *REST), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,) * len(ALL_AXES), ALL_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
