"""The launch settings are a TOML document read with `tomllib.loads`: the axes array and the reduction name."""
import tomllib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
LAUNCH_TOML = """
[collective]
axes = ["stage", "shard"]
reduction = "max"

[layout]
vec = 8
"""
LAUNCH = tomllib.loads(LAUNCH_TOML)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref,
            collective_axes=tuple(LAUNCH["collective"]["axes"]),
            reduction_op=LAUNCH["collective"]["reduction"],
        ),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=LAUNCH["layout"]["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("stage", "shard"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
