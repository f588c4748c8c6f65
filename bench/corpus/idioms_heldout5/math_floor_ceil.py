"""math.floor and math.ceil derive the width from the dtype's bits and the mesh size from a device budget."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

DTYPE = jnp.float16
BITS = jnp.dtype(DTYPE).itemsize * 8
MAX_VEC = 4
VEC = min(MAX_VEC, math.floor(128 / BITS))          # 4
GROUPS = math.ceil(3 / 2)                           # 2
SHAPE = (128, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("group", "member"), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((GROUPS, 2), ("group", "member"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
