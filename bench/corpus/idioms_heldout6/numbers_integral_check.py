"""`isinstance(v, numbers.Integral)` accepts NumPy integers for the width and converts them to int."""
import numbers

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
REQUESTED_VEC = np.int64(4)


def width(value, fallback=1):
    if isinstance(value, numbers.Integral):
        return int(value)
    return fallback


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("seq",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=width(REQUESTED_VEC)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("seq",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
