"""The allowed integer reductions are a typing.Literal; typing.get_args enumerates them for a sweep."""
from typing import Literal, get_args

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
IntReduction = Literal["add", "and", "xor"]


def make_body(op: IntReduction):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("k",), reduction_op=op),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("k",))
    for op in get_args(IntReduction):
        call = plgpu.kernel(make_body(op), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
        run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(op, run(jnp.ones(SHAPE, jnp.int32)))
