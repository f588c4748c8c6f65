"""Axis names are written with `print(*names, sep=",", file=buffer)` and read back from the StringIO."""
import io

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

buffer = io.StringIO()
print("left", "right", sep=",", end="", file=buffer)
AXES = tuple(buffer.getvalue().split(","))


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("left", "right"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
