"""functools.reduce with operator.add concatenates per-level axis tuples; math.prod sizes the mesh."""
import functools
import math
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

LEVELS = ((("node",), (2,)), (("gpu",), (2,)))


def collective_axes():
    return functools.reduce(operator.add, (names for names, _ in LEVELS), ())


def mesh_shape():
    return functools.reduce(operator.add, (sizes for _, sizes in LEVELS))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=collective_axes(), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    assert math.prod(mesh_shape()) <= jax.device_count()
    mesh = jax.make_mesh(mesh_shape(), ("node", "gpu"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
