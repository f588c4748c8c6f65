"""A match statement binds the op with an as-pattern around an or-pattern, `case {"op": ("max" | "min") as op}`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
SPEC = {"op": "max", "dtype": jnp.bfloat16}

match SPEC:
    case {"op": ("max" | "min") as op, "dtype": dtype}:
        REDUCTION, DTYPE = op, dtype
    case _:
        REDUCTION, DTYPE = "add", jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("drumlin", "esker"), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("drumlin", "esker"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
