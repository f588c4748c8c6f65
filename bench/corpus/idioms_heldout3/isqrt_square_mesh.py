"""A square mesh from math.isqrt of the device count, checked to be a perfect square."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
N_DEVICES = 4
SIDE = math.isqrt(N_DEVICES)
assert SIDE * SIDE == N_DEVICES
GRID_AXES = ("north", "east")


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=GRID_AXES, reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((SIDE, SIDE), GRID_AXES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float16)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
