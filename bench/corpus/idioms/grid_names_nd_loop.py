"""A gridded kernel: nd_loop over the grid axis, multimem reduction over the mesh axis."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ROWS, COLS = 1024, 128
TILE = 128
NUM_BLOCKS = 4
AXIS = "x"


def kernel(x_ref, y_ref):
    @plgpu.nd_loop((ROWS // TILE,), collective_axes="blocks")
    def _loop(loop_info):
        (i,) = loop_info.index
        rows = pl.ds(i * TILE, TILE)
        y_ref[rows] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref.at[rows], collective_axes=AXIS, reduction_op="add"),
            plgpu.Layout.WG_STRIDED((TILE, COLS), vec_size=4),
        )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (AXIS,))
    call = plgpu.kernel(
        kernel,
        out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
        grid=(NUM_BLOCKS,),
        grid_names=("blocks",),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones((ROWS, COLS), jnp.float32)))
