"""A JSON launch spec is parsed with an object_hook that turns its arrays into tuples."""
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

SPEC = '{"mesh": {"names": ["pp", "tp"], "sizes": [2, 2]}, "op": "add", "width": 4}'


def tuples(obj):
    return {key: tuple(value) if isinstance(value, list) else value for key, value in obj.items()}


spec = json.loads(SPEC, object_hook=tuples)
DTYPE = jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=spec["mesh"]["names"], reduction_op=spec["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=spec["width"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(spec["mesh"]["sizes"], ("pp", "tp"))
    out = jax.ShapeDtypeStruct(SHAPE, DTYPE)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
