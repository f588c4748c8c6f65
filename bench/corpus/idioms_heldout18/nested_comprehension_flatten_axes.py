"""A comprehension with two `for` clauses flattens the per-tier name lists into the collective axes."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ROWS, COLS = 512, 128
TILE = 128
TIERS = {"outer": ["estuary"], "inner": ["creek", "-"]}
AXES = tuple(name for tier in TIERS.values() for name in tier if name != "-")


def kernel(x_ref, y_ref):
    @plgpu.nd_loop((ROWS // TILE,), collective_axes="blocks")
    def _loop(loop_info):
        (i,) = loop_info.index
        rows = pl.ds(i * TILE, TILE)
        y_ref[rows] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref.at[rows], collective_axes=AXES, reduction_op="add"),
            plgpu.Layout.WG_STRIDED((TILE, COLS), vec_size=4),
        )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("estuary", "creek"))
    call = plgpu.kernel(
        kernel,
        out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
        grid=(2,),
        grid_names=("blocks",),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones((ROWS, COLS), jnp.float32)))
