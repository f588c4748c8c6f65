"""Axis names are `typing.NewType` values: calling the NewType returns the string unchanged."""
import typing

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AxisName = typing.NewType("AxisName", str)
OUTER = AxisName("slice")
INNER = AxisName("core")


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.float32, (128, 128), 0), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(OUTER) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, (OUTER, INNER))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("slice", "core"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
