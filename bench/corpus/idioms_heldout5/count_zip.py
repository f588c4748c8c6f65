"""itertools.count zipped with the axis names numbers the axes; the mesh sizes come from that numbering."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

NAMES = ("outer", "inner")
NUMBERED = dict(zip(NAMES, itertools.count(1)))      # {"outer": 1, "inner": 2}
SIZES = tuple(2 for _ in NUMBERED)
AXES = tuple(NUMBERED)                               # keys, in insertion order
SHAPE = (256, 128)
DTYPE = jnp.float16


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("outer", "inner"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
