"""A load estimate rounds up through `math.ceil` (its `__ceil__`); a cap bounds it to the vector width."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
DTYPE = jnp.bfloat16
MAX_VEC = 8


class LoadEstimate:
    def __init__(self, load_bytes, element_bytes):
        self.load_bytes = load_bytes
        self.element_bytes = element_bytes

    def __ceil__(self):
        return -(-self.load_bytes // self.element_bytes)


VEC = min(math.ceil(LoadEstimate(16, jnp.dtype(DTYPE).itemsize)), MAX_VEC)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
