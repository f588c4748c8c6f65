"""The number of warpgroup threads is 1 << LOG_THREADS; each thread reduces its own half of the rows."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
LOG_THREADS = 1
THREADS = 1 << LOG_THREADS
ROWS = 128
SHAPE = (THREADS * ROWS, 128)


def body(x_ref, y_ref):
    rows = pl.ds(lax.axis_index("wg") * ROWS, ROWS)
    y_ref[rows] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref.at[rows], collective_axes=("s",), reduction_op="max"),
        plgpu.Layout.WG_STRIDED((ROWS, 128), vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("s",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(
        body, out_type=out, num_threads=THREADS, thread_name="wg",
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
