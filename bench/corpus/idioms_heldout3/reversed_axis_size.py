"""Axes given minor-first and turned around with reversed(); the block height comes from lax.axis_size."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
MINOR_FIRST = ["lanes", "slices"]
AXES = tuple(reversed(MINOR_FIRST))


def kernel(x_ref, y_ref):
    rows = SHAPE[0] // lax.axis_size(AXES[0])
    block = x_ref.at[pl.ds(0, rows)]
    plgpu.multimem_store(block[...], y_ref.at[pl.ds(0, rows)], collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), AXES)
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
