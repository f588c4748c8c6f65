"""`json.loads(..., parse_int=...)` turns every integer literal into a power of two: "vec_log2": 1 arrives as 2."""
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
STORED = json.dumps({"vec_log2": 1, "op": "add", "axes": ["heath", "holt"]})
CONFIG = json.loads(STORED, parse_int=lambda digits: 1 << int(digits))
AXES = tuple(CONFIG["axes"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=CONFIG["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG["vec_log2"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("heath", "holt"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
