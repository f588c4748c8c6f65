"""`json.loads(..., object_pairs_hook=list)` keeps repeated keys: both "axis" entries survive, in order."""
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
ENTRIES = [("axis", "fell"), ("axis", "moor"), ("op", "max")]
TEXT = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in ENTRIES) + "}"
PAIRS = json.loads(TEXT, object_pairs_hook=list)
AXES = tuple(value for key, value in PAIRS if key == "axis")
REDUCTION = dict(PAIRS).get("op", "add")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("fell", "moor"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
