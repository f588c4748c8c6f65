"""A role -> axis table inverted by a dict comprehension; each device reduces its block (lax.axis_index)."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXIS_ROLES = {"shards": "scatter"}
ROLE_AXES = {role: axis for axis, role in AXIS_ROLES.items()}
SCATTER_AXIS = ROLE_AXES["scatter"]
DEVICES = 2
ROWS = SHAPE[0] // DEVICES


def kernel(x_ref, y_ref):
    block = x_ref.at[pl.ds(lax.axis_index(SCATTER_AXIS) * ROWS, ROWS)]
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(block, collective_axes=(SCATTER_AXIS,), reduction_op="add"),
        plgpu.Layout.WG_STRIDED((ROWS, SHAPE[1]), vec_size=4),
    )


def reduce_scatter(x, mesh):
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, SHAPE[1]), x.dtype))

    @jax.jit
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)
    def step(x):
        return call(x)

    return step(x)


if __name__ == "__main__":
    mesh = jax.make_mesh((DEVICES,), (SCATTER_AXIS,))
    print(reduce_scatter(jnp.ones(SHAPE, jnp.float32), mesh))
