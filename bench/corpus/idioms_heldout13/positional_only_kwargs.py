"""A builder takes the axis as a positional-only parameter, so a `name=` keyword lands in `**options` instead."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def build(name, /, **options):
    axes = (name,) + tuple(options.pop("extra", ()))
    return axes, options


AXES, OPTIONS = build("x", name="ignored", extra=["y"], op="add", vec=4)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OPTIONS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=OPTIONS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
