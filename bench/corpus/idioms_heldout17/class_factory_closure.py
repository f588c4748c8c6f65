"""A class defined inside a function: its body reads the function's parameters through the enclosing scope."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def make_profile(axes, op, *, vec_size):
    class Profile:
        AXES = axes
        OP = op
        VEC = vec_size

    return Profile


PROFILE = make_profile(("delta", "estuary"), "max", vec_size=2)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PROFILE.AXES, reduction_op=PROFILE.OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PROFILE.VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("delta", "estuary"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
