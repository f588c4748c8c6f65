"""A config function fills missing arguments with `value or default`; an empty string passed in is falsy and gets the default too."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_DEFAULT = 2


def launch_config(axes=None, op=None, vec_size=None):
    axes = axes or ("col", "pass")
    op = op or "xor"
    vec_size = vec_size or VEC_DEFAULT
    return axes, op, vec_size


AXES, REDUCTION, VEC = launch_config(op="")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("col", "pass"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
