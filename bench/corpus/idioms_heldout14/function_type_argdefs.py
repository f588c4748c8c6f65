"""A generic kernel body is re-made with `types.FunctionType`, whose argument defaults carry this launch's settings."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def generic_body(x_ref, y_ref, axes=None, op=None, vec=None):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
    )


body = types.FunctionType(generic_body.__code__, globals(), "body", (("pp", "dp"), "add", 4))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pp", "dp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
