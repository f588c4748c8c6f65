"""Booleans as integers: sum() of feature switches indexes the width table, True + True counts the axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

WIDE_LOADS = True
PACKED = True
TRIM = False
VEC_TABLE = (2, 4, 8)
VEC = VEC_TABLE[sum([WIDE_LOADS, PACKED, TRIM])]      # index 2 -> 8
ALL_AXES = ("zone", "host")
N_AXES = True + True
AXES = ALL_AXES[:N_AXES]
SHAPE = (128, 128)
DTYPE = jnp.bfloat16


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("zone", "host"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
