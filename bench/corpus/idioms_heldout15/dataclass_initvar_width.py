"""A dataclass takes the element width in bits as an `InitVar`; `__post_init__` turns it into the vector size."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@dataclasses.dataclass
class Transfer:
    bits: dataclasses.InitVar[int]
    load_bits: int = 128
    vec: int = dataclasses.field(init=False)

    def __post_init__(self, bits):
        self.vec = self.load_bits // bits


TRANSFER = Transfer(16)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("frame", "blade"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=TRANSFER.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("frame", "blade"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
