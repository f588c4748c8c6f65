"""`value or default` fallbacks: an empty op string and a zero width in the user's settings fall through."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
DEFAULTS = {"axes": ("ctx",), "op": "add", "vec_size": 4}
USER = {"axes": (), "op": "", "vec_size": 0}

axes = USER.get("axes") or DEFAULTS["axes"]
reduction = USER.get("op") or DEFAULTS["op"]
vec_size = USER.get("vec_size") or DEFAULTS["vec_size"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("ctx",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
