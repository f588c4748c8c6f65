"""A dataclass subclass overrides its base's field defaults; the subclass instance's fields configure the launch."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@dataclasses.dataclass
class BaseReduce:
    axes: tuple = ("x",)
    op: str = "add"
    vec: int = 4


@dataclasses.dataclass
class IntReduce(BaseReduce):
    axes: tuple = ("ring", "hop")
    op: str = "and"


REDUCE = IntReduce()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=REDUCE.axes, reduction_op=REDUCE.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=REDUCE.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("ring", "hop"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
