"""Module constants typed Final and computed by small functions at import time."""
from typing import Final

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def _axes(*names: str) -> tuple[str, ...]:
    return tuple(names)


def _lanes(dtype, access_bytes: int = 16) -> int:
    return access_bytes // jnp.dtype(dtype).itemsize


def _shape(rows: int, cols: int) -> tuple[int, int]:
    return (rows, cols)


DTYPE: Final = jnp.float32
MESH_AXES: Final[tuple[str, ...]] = _axes("x")
VEC_SIZE: Final[int] = _lanes(DTYPE)
SHAPE: Final = _shape(256, 128)
REDUCTION: Final[str] = "add"


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=MESH_AXES, reduction_op=REDUCTION)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), MESH_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
