"""Rows per shard are computed in decimal.Decimal and rounded down with quantize."""
import decimal

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
TOTAL_ROWS = 512
SHARDS = 2
ROWS = int((decimal.Decimal(TOTAL_ROWS) / SHARDS).quantize(decimal.Decimal(1), rounding=decimal.ROUND_FLOOR))
COLS = 128


def scatter_kernel(x_ref, y_ref):
    me = lax.axis_index("shard")
    part = x_ref.at[pl.ds(me * ROWS, ROWS)]
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(part, collective_axes=("shard",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((SHARDS,), ("shard",))
    call = plgpu.kernel(scatter_kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P("shard"), check_vma=False))
    print(run(jnp.ones((TOTAL_ROWS, COLS), jnp.float32)))
