"""`math.frexp` of the elements-per-128-bits count gives its binary exponent, turned back into the width."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPE = jnp.float16

_, EXPONENT = math.frexp(128 / (jnp.dtype(DTYPE).itemsize * 8))
VEC_SIZE = 2 ** (EXPONENT - 1)


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE))
    plgpu.multimem_store(value, y_ref, ("u", "v"))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("u", "v"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
