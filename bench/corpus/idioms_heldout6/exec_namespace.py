"""A settings snippet is run with `exec` into a fresh namespace dict, and its names are read back."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
SNIPPET = """
axes = ("tensor", "expert")
reduction = "add"
vec_size = 2 * 2
"""

namespace = {}
exec(SNIPPET, namespace)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=namespace["axes"], reduction_op=namespace["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=namespace["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tensor", "expert"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
