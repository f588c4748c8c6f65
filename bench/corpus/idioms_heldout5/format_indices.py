"""str.format with positional indices builds the dtype name and the axis names from parts."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

# Name templates as a config file would hold them: {0}, {1} index format()'s arguments.
DTYPE_TEMPLATE = "{0}{1}"
AXIS_TEMPLATE = "{1}{0}"
KIND, BITS = "float", 16
DTYPE = jnp.dtype(DTYPE_TEMPLATE.format(KIND, BITS))
AXES = tuple(AXIS_TEMPLATE.format(i, "gpu") for i in range(2))  # ("gpu0", "gpu1")
SHAPE = (128, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("gpu0", "gpu1"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
