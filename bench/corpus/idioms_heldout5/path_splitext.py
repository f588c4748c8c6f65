"""A results file name encodes the launch: os.path.basename and os.path.splitext (pure string
functions) recover op, dtype and width."""
import os.path

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

RESULT_PATH = "runs/2026-12/allreduce_min_bfloat16_v4.json"
STEM, _EXT = os.path.splitext(os.path.basename(RESULT_PATH))
_, REDUCTION, DTYPE_NAME, VEC_TAG = STEM.split("_")
DTYPE = jnp.dtype(DTYPE_NAME)
VEC = int(VEC_TAG[1:])
SHAPE = (128, 256)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("site",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("site",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
