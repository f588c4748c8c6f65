"""plgpu.kernel's grid keywords collected in a dict built by dict() and unpacked with **."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ROWS, COLS, BLOCKS = 512, 128, 4
TILE = ROWS // BLOCKS


def kernel(x_ref, y_ref):
    block = jax.lax.axis_index("blocks")
    rows = pl.ds(block * TILE, TILE)
    total = plgpu.multimem_load_reduce(x_ref.at[rows], collective_axes="x", reduction_op="add")
    y_ref[rows] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED((TILE, COLS), vec_size=4))


LAUNCH = dict(grid=(BLOCKS,), grid_names=("blocks",),
              compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup))

if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32), **LAUNCH)
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones((ROWS, COLS), jnp.float32)))
