"""An Enum of reductions keeps its mesh axes and dtype in `enum.nonmember` attributes, which are not members."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Reduction(enum.Enum):
    MAX = "max"
    ADD = "add"
    AXES = enum.nonmember(("expert", "tensor"))
    DTYPE = enum.nonmember(jnp.float16)


OP = Reduction.MAX.value
assert len(Reduction) == 2


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Reduction.AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("expert", "tensor"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, Reduction.DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, Reduction.DTYPE)))
