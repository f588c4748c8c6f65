"""The vector size must divide the row length: `math.gcd` of the preferred width and the row length gives it."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ROW = 264
SHAPE = (128, ROW)


def pick_width(row, vec_cap=8):
    return math.gcd(vec_cap, row)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("wing", "bank"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=pick_width(ROW)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("wing", "bank"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
