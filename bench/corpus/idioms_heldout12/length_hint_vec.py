"""A lane stream gives its size only by `__length_hint__`; `operator.length_hint` reads it as the width."""
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class LaneStream:
    def __init__(self, vec_hint):
        self.remaining = vec_hint

    def __iter__(self):
        return self

    def __next__(self):
        if not self.remaining:
            raise StopIteration
        self.remaining -= 1
        return self.remaining

    def __length_hint__(self):
        return self.remaining


VEC = operator.length_hint(LaneStream(vec_hint=8), 1)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
