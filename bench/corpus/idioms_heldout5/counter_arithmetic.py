"""collections.Counter arithmetic: the axes every stage needs are the & of the stages' counters, minus
the ones a stage releases."""
from collections import Counter

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

PRODUCER = Counter({"fleet": 2, "rack": 1, "lane": 1})
CONSUMER = Counter({"fleet": 1, "rack": 3})
RELEASED = Counter({"lane": 1})
SHARED = (PRODUCER + CONSUMER - RELEASED) & Counter(fleet=9, rack=9, lane=9)
AXES = tuple(sorted(SHARED))  # ("fleet", "rack")
SHAPE = (128, 128)
DTYPE = jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("fleet", "rack"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
