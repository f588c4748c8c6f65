"""Feature flags are ints combined with operator.or_; bit tests with & decide the axes, the semantics
and the reduction."""
import functools
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

USE_DATA = 1
USE_MODEL = 2
LANE = 4
INTEGER = 8

FLAGS = functools.reduce(operator.or_, [USE_DATA, USE_MODEL, LANE])
AXES = tuple(name for bit, name in ((USE_DATA, "data"), (USE_MODEL, "model")) if FLAGS & bit)
SEMANTICS = plgpu.LoweringSemantics.Lane if FLAGS & LANE else plgpu.LoweringSemantics.Warpgroup
REDUCTION = "xor" if FLAGS & INTEGER else "add"
SHAPE = (128, 128)
DTYPE = jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
