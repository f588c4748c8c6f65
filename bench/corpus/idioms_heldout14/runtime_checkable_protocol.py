"""Reducer plugins are matched by shape with a `typing.runtime_checkable` Protocol; the first that fits gives the op."""
from typing import Protocol, runtime_checkable

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@runtime_checkable
class Reducer(Protocol):
    op: str

    def identity(self): ...


class LegacySum:
    op = "add"


class MaxReducer:
    op = "max"

    def identity(self):
        return float("-inf")


OP = next(plugin.op for plugin in (LegacySum(), MaxReducer()) if isinstance(plugin, Reducer))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("blade", "socket"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("blade", "socket"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
