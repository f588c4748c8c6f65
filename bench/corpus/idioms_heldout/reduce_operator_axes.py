"""Axis tuples and sizes folded with functools.reduce and the operator module."""
import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXIS_GROUPS = (("x",), ("y",))
MESH_SHAPE = (2, 2)

ALL_AXES = functools.reduce(operator.add, AXIS_GROUPS, ())
NUM_DEVICES = functools.reduce(operator.mul, MESH_SHAPE, 1)
VEC_SIZE = operator.floordiv(16, operator.getitem((4, 2), 0))


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=ALL_AXES, reduction_op="max")
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE))


if __name__ == "__main__":
    devices = np.array(jax.devices()[:NUM_DEVICES]).reshape(MESH_SHAPE)
    mesh = jax.sharding.Mesh(devices, ALL_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
