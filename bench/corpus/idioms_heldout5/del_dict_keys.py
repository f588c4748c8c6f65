"""Options not meant for the op are removed with del before the rest is passed as keywords to
multimem_load_reduce."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

OPTIONS = {
    "collective_axes": ("east", "west"),
    "reduction_op": "and",
    "vec_size": 4,
    "dtype": jnp.int32,
}
LAYOUT_VEC = OPTIONS["vec_size"]
DTYPE = OPTIONS["dtype"]
del OPTIONS["vec_size"]
del OPTIONS["dtype"]
SHAPE = (128, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, **OPTIONS),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=LAYOUT_VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("east", "west"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
