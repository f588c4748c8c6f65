"""A JSON plan is decoded with `json.loads(object_hook=...)`, a hook that turns every list field into a tuple."""
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
PLAN_JSON = '{"mesh": {"names": ["zone", "rack"], "shape": [2, 2]}, "reduce": {"op": "min", "vec": 4}}'


def freeze_lists(obj):
    return {key: tuple(value) if isinstance(value, list) else value for key, value in obj.items()}


PLAN = json.loads(PLAN_JSON, object_hook=freeze_lists)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PLAN["mesh"]["names"], reduction_op=PLAN["reduce"]["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PLAN["reduce"]["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(PLAN["mesh"]["shape"], ("zone", "rack"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
