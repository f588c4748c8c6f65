"""A normaliser dispatches on isinstance: an int picks mesh axes by position, a tuple passes through."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_AXES = ("i", "j")


def normalise_axes(spec):
    if isinstance(spec, int):
        return MESH_AXES[:spec]
    if isinstance(spec, tuple):
        return spec
    if isinstance(spec, str):
        return (spec,)
    raise TypeError(spec)


def body(y_ref):
    tile = plgpu.layout_cast(jnp.full(SHAPE, 3, jnp.int32), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, normalise_axes(2))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("i", "j"))
    call = plgpu.kernel(
        body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
