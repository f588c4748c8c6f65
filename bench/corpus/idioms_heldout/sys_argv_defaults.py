"""Knobs read from sys.argv with defaults when the script runs without arguments."""
import sys

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)

OP = sys.argv[1] if len(sys.argv) > 1 else "add"
VEC_SIZE = int(sys.argv[2]) if len(sys.argv) > 2 else 4
AXIS = sys.argv[3] if sys.argv[3:] else "x"


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op=OP)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
