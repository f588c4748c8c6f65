"""A settings function returns dict(locals()): its parameters and the locals it computed."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def settings(dtype_bits, axes=("dp",), reduction="add"):
    vec_size = 128 // dtype_bits
    return dict(locals())


def make_body(s):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=s["axes"], reduction_op=s["reduction"]),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=s["vec_size"]),
        )
    return body


if __name__ == "__main__":
    s = settings(16, reduction="min")
    mesh = jax.make_mesh((4,), ("dp",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(
        make_body(s), out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
