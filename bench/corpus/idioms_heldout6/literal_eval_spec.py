"""`ast.literal_eval` of a spec string (as read from a file) gives the axes, reduction and width."""
import ast

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
SPEC_TEXT = "{'axes': ('fs', 'mp'), 'op': 'add', 'vec_size': 4}"

spec = ast.literal_eval(SPEC_TEXT)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=spec["axes"], reduction_op=spec["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=spec["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("fs", "mp"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
