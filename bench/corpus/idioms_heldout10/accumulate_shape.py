"""Row counts of stacked tiles are summed with itertools.accumulate into the reduced shape."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
TILE_ROWS = [64, 64, 128]
ROWS = list(itertools.accumulate(TILE_ROWS))[-1]
SHAPE = (ROWS, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("g",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("g",))
    params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32), compiler_params=params)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
