"""A reduction op is bound into a bound method with functools.partial."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Collective:
    def __init__(self, axes):
        self.axes = axes

    def reduce(self, ref, op):
        return plgpu.multimem_load_reduce(ref, collective_axes=self.axes, reduction_op=op)


COLL = Collective(("w",))
reduce_or = functools.partial(COLL.reduce, op="or")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(reduce_or(x_ref), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))


if __name__ == "__main__":
    mesh = jax.make_mesh((8,), ("w",))
    params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.uint32), compiler_params=params)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.uint32)))
