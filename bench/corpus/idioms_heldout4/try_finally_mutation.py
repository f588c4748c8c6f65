"""The settings dict is returned from a try block and completed by its finally clause."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def resolve_settings():
    settings = {"dtype": jnp.float16}
    try:
        settings["axes"] = ("pod",)
        return settings
    finally:
        # Runs after the return value was chosen, but mutates that same dict.
        settings["reduction"] = "min"
        settings["vec_size"] = 2


def body(x_ref, y_ref):
    s = resolve_settings()
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=s["axes"], reduction_op=s["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=s["vec_size"]),
    )


if __name__ == "__main__":
    s = resolve_settings()
    mesh = jax.make_mesh((4,), ("pod",))
    out = jax.ShapeDtypeStruct(SHAPE, s["dtype"])
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
