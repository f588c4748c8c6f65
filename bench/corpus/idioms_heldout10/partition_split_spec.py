"""A "name=size,name=size" mesh spec is read with str.split and str.partition."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_SPEC = "row=2,col=2"
PAIRS = [item.partition("=") for item in MESH_SPEC.split(",")]
NAMES = tuple(name for name, _, _ in PAIRS)
SIZES = tuple(int(size) for _, _, size in PAIRS)


def store_kernel(y_ref):
    tile = plgpu.layout_cast(jax.lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, NAMES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, NAMES)
    params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
    call = plgpu.kernel(store_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32), compiler_params=params)
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
