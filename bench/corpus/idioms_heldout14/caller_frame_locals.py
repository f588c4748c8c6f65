"""A helper collects named settings from its caller's local variables through `sys._getframe(1).f_locals`."""
import sys

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def export(*names):
    caller = sys._getframe(1).f_locals
    return {name: caller[name] for name in names}


def configure():
    axes = ("outer", "inner")
    op = "min"
    vec = 8
    return export("axes", "op", "vec")


CONFIG = configure()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CONFIG["axes"], reduction_op=CONFIG["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("outer", "inner"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
