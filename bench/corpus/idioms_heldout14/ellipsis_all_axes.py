"""`...` in the config means "every mesh axis": the kernel is built for a mesh and then takes its `axis_names`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
CONFIG = {"axes": ..., "op": "add", "dtype": jnp.bfloat16}


def build(mesh):
    axes = mesh.axis_names if CONFIG["axes"] is Ellipsis else CONFIG["axes"]

    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=CONFIG["op"]),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
        )

    return plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, CONFIG["dtype"]),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("cluster", "device"))
    f = jax.jit(jax.shard_map(build(mesh), mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, CONFIG["dtype"])))
