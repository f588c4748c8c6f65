"""The vector width is round()ed from a float ratio of bytes per load to bytes per element."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
LOAD_BYTES = 15.8  # measured effective bytes per load; round() gives the nearest whole width
ELEMENT_BYTES = 4


def body(x_ref, y_ref):
    vec = round(LOAD_BYTES / ELEMENT_BYTES)
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("cube",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("cube",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
