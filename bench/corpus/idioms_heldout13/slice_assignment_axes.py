"""The axis list is edited with slice assignment: `axes[1:2] = [...]` replaces a placeholder in place."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

axes = ["batch", "PLACEHOLDER"]
axes[1:2] = ["heads"]
settings = ["add", 4]
settings[:1] = ["max"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(axes), reduction_op=settings[0]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=settings[1]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("batch", "heads"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
