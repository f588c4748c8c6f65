"""Reduction ops and axes chosen through plain Enums, passed on as their .value."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Reduction(enum.Enum):
    ADD = "add"
    MAX = "max"


class MeshAxis(enum.Enum):
    DEVICES = "devices"


def make_kernel(op: Reduction, dtype):
    vec_size = 16 // jnp.dtype(dtype).itemsize

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(
            x_ref, collective_axes=(MeshAxis.DEVICES.value,), reduction_op=op.value)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    return kernel


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (MeshAxis.DEVICES.value,))
    dtype = jnp.float32
    call = plgpu.kernel(make_kernel(Reduction.ADD, dtype), out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
