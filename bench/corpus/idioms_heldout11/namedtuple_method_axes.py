"""A typing.NamedTuple with methods describes the 2-D mesh and hands out its collective_axes."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Grid2D(NamedTuple):
    rows: str = "x"
    cols: str = "y"
    shape: tuple = (2, 2)

    def axes(self):
        return (self.rows, self.cols)

    def mesh(self):
        return jax.make_mesh(self.shape, self.axes())


GRID = Grid2D()


def barrier_then_store(y_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=GRID.axes())
    pl.semaphore_wait(sem, 4)
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)

    @pl.when((lax.axis_index(GRID.rows) == 0) & (lax.axis_index(GRID.cols) == 0))
    def _():
        plgpu.multimem_store(tile, y_ref, GRID.axes())


if __name__ == "__main__":
    call = plgpu.kernel(
        barrier_then_store,
        out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=GRID.mesh(), in_specs=(), out_specs=P(), check_vma=False))
    print(f())
