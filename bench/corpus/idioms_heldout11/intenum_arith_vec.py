"""IntEnum members are ints: the vector width is computed by arithmetic on them."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Bits(enum.IntEnum):
    F32 = 32
    BF16 = 16
    LOAD = 128


VEC_F32 = Bits.LOAD // Bits.F32
VEC_BF16 = Bits.LOAD // Bits.BF16


def make_body(vec, op):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("gpu",), reduction_op=op),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("gpu",))
    for dtype, vec, op in ((jnp.float32, VEC_F32, "add"), (jnp.bfloat16, VEC_BF16, "max")):
        call = plgpu.kernel(
            make_body(vec, op),
            out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, dtype)))
