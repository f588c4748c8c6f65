"""Optional attributes of an options object: getattr with a default, hasattr to choose the axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Options:
    collective_axes = ("fleet",)
    vec_size = 8


def body_for(opts, mesh_axes):
    axes = opts.collective_axes if hasattr(opts, "collective_axes") else mesh_axes
    reduction = getattr(opts, "reduction", "max")
    vec = getattr(opts, "vec_size", 2)

    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("fleet",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(
        body_for(Options(), mesh.axis_names), out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
