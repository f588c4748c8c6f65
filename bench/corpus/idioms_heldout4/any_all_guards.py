"""all() over a generator checks the requested axes against the mesh; any() picks the integer reduction."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
REQUESTED = ("p", "q")
INTEGER_PREFIXES = ("int", "uint")


def pick_axes(mesh):
    if all(name in mesh.axis_names for name in REQUESTED):
        return REQUESTED
    return mesh.axis_names[:1]


def pick_reduction(dtype):
    if any(jnp.dtype(dtype).name.startswith(prefix) for prefix in INTEGER_PREFIXES):
        return "max"
    return "add"


def make_body(axes, reduction):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("p", "q"))
    dtype = jnp.int32
    out = jax.ShapeDtypeStruct(SHAPE, dtype)
    call = plgpu.kernel(
        make_body(pick_axes(mesh), pick_reduction(dtype)), out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
