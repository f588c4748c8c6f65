"""Settings read from the environment with defaults (the file run in a clean environment)."""
import os

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS = os.environ.get("MESH_AXIS", "x")
VEC_SIZE = int(os.environ.get("VEC_SIZE", "2"))
REDUCTION = os.getenv("REDUCTION", "add")
SHAPE = (256, 128)


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=AXIS, reduction_op=REDUCTION)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (AXIS,))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
