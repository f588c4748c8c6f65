"""A config subclasses `Generic` with `Literal` type arguments; they are read from `__orig_bases__` with `typing.get_args`."""
import typing
from typing import Generic, Literal, TypeVar

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
A = TypeVar("A")
O = TypeVar("O")


class Collective(Generic[A, O]):
    pass


class RowSum(Collective[Literal["rows", "cols"], Literal["add"]]):
    pass


AXIS_TYPE, OP_TYPE = typing.get_args(RowSum.__orig_bases__[0])
AXES = typing.get_args(AXIS_TYPE)
(OP,) = typing.get_args(OP_TYPE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rows", "cols"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
