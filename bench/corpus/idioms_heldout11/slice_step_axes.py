"""Interleaved (name, size) pairs are split with step slices [::2] and [1::2] into axes and shape."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
LAYOUT = ["stage", 2, "tensor", 2]
AXES = tuple(LAYOUT[::2])
SHAPE = tuple(LAYOUT[1::2])


def broadcast_kernel(y_ref, sem):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)

    @pl.when((lax.axis_index("stage") == 0) & (lax.axis_index("tensor") == 0))
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)

    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)


if __name__ == "__main__":
    mesh = jax.make_mesh(SHAPE, AXES)
    call = plgpu.kernel(
        broadcast_kernel,
        out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
        compiler_params=plgpu.CompilerParams(),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
