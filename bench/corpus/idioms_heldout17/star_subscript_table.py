"""The axes are looked up with a starred subscript (`MESHES[*SHAPE_OF_MESH]`, Python 3.11): the key is the tuple of sizes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
MESHES = {(2, 2): ("ridge", "vale"), (4,): ("ring",)}
SHAPE_OF_MESH = (2, 2)
AXES = MESHES[*SHAPE_OF_MESH]


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 0), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2)
    )

    @pl.when(lax.axis_index(AXES[1]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SHAPE_OF_MESH, ("ridge", "vale"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
