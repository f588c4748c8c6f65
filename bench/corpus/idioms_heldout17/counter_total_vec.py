"""The vector width is `Counter.total()` (Python 3.10), the sum of the lane counts per half."""
from collections import Counter

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
LANES = Counter(vec_lo=1, vec_hi=1)
VEC = LANES.total()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("levee", "bayou"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("levee", "bayou"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
