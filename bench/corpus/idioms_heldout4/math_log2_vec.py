"""The vector width is a power of two computed with math.log2 from the element width in bits."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MAX_LOAD_BITS = 64
DTYPE = jnp.bfloat16


def vec_for(bits):
    return 2 ** int(math.log2(MAX_LOAD_BITS // bits))


def body(x_ref, y_ref):
    bits = jnp.dtype(DTYPE).itemsize * 8
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("e",), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_for(bits)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((8,), ("e",))
    out = jax.ShapeDtypeStruct(SHAPE, DTYPE)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
