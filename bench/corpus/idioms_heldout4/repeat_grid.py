"""The launch grid is built with itertools.repeat: one block per entry, named after the block axis."""
import itertools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BLOCKS = 2
ROWS = 128
SHAPE = (BLOCKS * ROWS, 128)


def body(x_ref, y_ref):
    block = lax.axis_index("blocks")
    rows = pl.ds(block * ROWS, ROWS)
    y_ref[rows] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref.at[rows], collective_axes=("host", "dev"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED((ROWS, 128), vec_size=4),
    )


if __name__ == "__main__":
    grid = tuple(itertools.repeat(BLOCKS, 1))
    names = tuple(itertools.repeat("blocks", len(grid)))
    mesh = jax.make_mesh((2, 2), ("host", "dev"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out, grid=grid, grid_names=names)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
