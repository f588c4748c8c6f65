"""Precisions ordered with functools.total_ordering; max() picks the widest requested dtype."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@functools.total_ordering
class Precision:
    def __init__(self, dtype, vec):
        self.dtype = dtype
        self.vec = vec

    @property
    def bits(self):
        return jnp.dtype(self.dtype).itemsize * 8

    def __eq__(self, other):
        return self.bits == other.bits

    def __lt__(self, other):
        return self.bits < other.bits


REQUESTED = [Precision(jnp.bfloat16, vec=8), Precision(jnp.float32, vec=4)]
WIDEST = max(REQUESTED)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WIDEST.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, WIDEST.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, WIDEST.dtype)))
