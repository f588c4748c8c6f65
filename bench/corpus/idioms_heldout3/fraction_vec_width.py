"""The vector width as a fractions.Fraction of a 64-bit transaction over the element width."""
from fractions import Fraction

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPE = jnp.bfloat16
TRANSACTION_BITS = 64
WIDTH = Fraction(TRANSACTION_BITS, jnp.dtype(DTYPE).itemsize * 8)
assert WIDTH.denominator == 1


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(WIDTH)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
