"""A config snippet of Python assignments is run with `exec` into a fresh namespace dict, which the launch reads."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
CONFIG_SOURCE = """
axes = ("sector", "track")
op = "add"
vec = 2 * 2
"""
CONFIG = {}
exec(CONFIG_SOURCE, {}, CONFIG)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CONFIG["axes"], reduction_op=CONFIG["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("sector", "track"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
