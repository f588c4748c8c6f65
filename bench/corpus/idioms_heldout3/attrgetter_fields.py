"""Launch fields pulled out of a config object with operator.attrgetter (several names at once)."""
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class LaunchConfig:
    axis_names = ("seq",)
    axis_sizes = (2,)
    shape = (128, 128)
    dtype = jnp.bfloat16


FIELDS = operator.attrgetter("axis_names", "axis_sizes", "shape", "dtype")
NAMES, SIZES, SHAPE, DTYPE = FIELDS(LaunchConfig)


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=NAMES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, NAMES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
