"""The kernel body carries its own settings as function attributes, set after the def and read inside it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=body.axes, reduction_op=body.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=body.vec_size),
    )


body.axes = ("kiln", "forge")
body.reduction = "xor"
body.vec_size = 4


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("kiln", "forge"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
