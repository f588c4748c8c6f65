"""A spec "op:outer:inner" is cut once with `split(":", maxsplit=1)`: the head is the reduction, the tail holds the axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
SPEC = ":".join(("max", "bog", "heath"))
REDUCTION, AXES_TEXT = SPEC.split(":", maxsplit=1)
AXES = tuple(AXES_TEXT.split(":"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("bog", "heath"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
