"""`bisect.bisect_right` over bit thresholds picks the vector size for the dtype's width."""
import bisect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
DTYPE = jnp.int32
THRESHOLDS = [8, 16, 32]
VEC_BY_BAND = [16, 8, 4, 2]

bits = jnp.dtype(DTYPE).itemsize * 8
vec_size = VEC_BY_BAND[bisect.bisect_right(THRESHOLDS, bits)]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("lanes",), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("lanes",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
