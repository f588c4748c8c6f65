"""A builder whose settings are keyword-only parameters with defaults; the caller overrides one."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def build(shape, dtype, *, axes=("ring",), reduction="or", vec_size=4,
          semantics=plgpu.LoweringSemantics.Lane):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
            plgpu.Layout.WG_STRIDED(shape, vec_size=vec_size),
        )
    return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(shape, dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=semantics))


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("ring",))
    call = build((128, 128), jnp.int32, reduction="and")
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones((128, 128), jnp.int32)))
