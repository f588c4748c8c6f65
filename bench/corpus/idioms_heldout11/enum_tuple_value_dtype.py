"""Enum members with tuple values unpacked in __new__ (own _value_) carry dtype, op and width."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Recipe(enum.Enum):
    SUM = ("sum", jnp.float32, "add", 4)
    PEAK = ("peak", jnp.float16, "max", 8)

    def __new__(cls, label, dtype, op, vec):
        member = object.__new__(cls)
        member._value_ = label
        member.dtype = dtype
        member.op = op
        member.vec = vec
        return member


def make_body(recipe):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=recipe.op),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=recipe.vec),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for label in ("sum", "peak"):
        recipe = Recipe(label)
        call = plgpu.kernel(
            make_body(recipe),
            out_type=jax.ShapeDtypeStruct(SHAPE, recipe.dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, recipe.dtype)))
