"""Generators delegate with yield from; the sub-generator's return value becomes the reduction."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_AXES = ("host", "chip")


def chip_axes():
    yield "chip"
    return "max"


def all_axes(collected):
    yield "host"
    reduction = yield from chip_axes()
    collected["reduction"] = reduction


def plan():
    collected = {}
    axes = tuple(all_axes(collected))
    return axes, collected["reduction"]


def body(x_ref, y_ref):
    axes, reduction = plan()
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), MESH_AXES)
    out = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
