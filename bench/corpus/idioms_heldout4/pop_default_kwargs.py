"""The layout options are popped off a kwargs dict with defaults; the rest is splatted into the op."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def make_body(**options):
    vec = options.pop("vec_size", 4)
    shape = options.pop("shape", SHAPE)

    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, **options),
            plgpu.Layout.WG_STRIDED(shape, vec_size=vec),
        )
    return body


if __name__ == "__main__":
    body = make_body(collective_axes=("row", "col"), reduction_op="min", vec_size=8)
    mesh = jax.make_mesh((2, 2), ("row", "col"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
