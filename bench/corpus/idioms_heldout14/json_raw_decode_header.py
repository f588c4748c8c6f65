"""A job line is a JSON header followed by a free-text note; `json.JSONDecoder().raw_decode` reads only the header."""
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
JOB_LINE = '{"axes": ["dp", "tp"], "op": "min"} nightly sweep, tuned on the 4-GPU host'

HEADER, END = json.JSONDecoder().raw_decode(JOB_LINE)
NOTE = JOB_LINE[END:].strip()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(HEADER["axes"]), reduction_op=HEADER["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
