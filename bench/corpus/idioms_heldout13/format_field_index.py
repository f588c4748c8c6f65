"""Values are pulled out of a nested plan by `str.format` field indexing: `"{0[reduce][op]}".format(plan)`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PLAN = {"mesh": {"axes": ["dp", "sp"]}, "reduce": {"op": "or", "dtype": "int32"}}

OP = "{0[reduce][op]}".format(PLAN)
DTYPE_NAME = "{plan[reduce][dtype]}".format(plan=PLAN)
AXES = tuple("{0[mesh][axes][0]} {0[mesh][axes][1]}".format(PLAN).split())


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(DTYPE_NAME)
    mesh = jax.make_mesh((2, 2), ("dp", "sp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
