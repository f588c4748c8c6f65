"""A generator expression in a class body sees module globals, not the class's names: `Plan.AXES` is read from the module-level `ORDER`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
ORDER = ("marsh", "fen")


class Plan:
    ORDER = ("fen",)  # a class-level name: the generator's body below cannot see it
    AXES = tuple(ORDER[i] for i in range(2))
    OP = "min"


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Plan.AXES, reduction_op=Plan.OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("marsh", "fen"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
