"""Precisions ordered by a functools.total_ordering class; the kernel uses max() of the requested ones."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


@functools.total_ordering
class Precision:
    def __init__(self, name, bits, vec):
        self.name, self.bits, self.vec = name, bits, vec

    def __eq__(self, other):
        return self.bits == other.bits

    def __lt__(self, other):
        return self.bits < other.bits


HALF = Precision("float16", 16, 8)
SINGLE = Precision("float32", 32, 4)
CHOSEN = max([HALF, SINGLE, HALF])
assert CHOSEN >= HALF


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("batch",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CHOSEN.vec),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(CHOSEN.name)
    mesh = jax.make_mesh((2,), ("batch",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, dtype)))
