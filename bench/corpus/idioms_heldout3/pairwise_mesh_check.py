"""Mesh axes listed outer to inner; itertools.pairwise checks the sizes never grow inward."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
LEVELS = (("outer_ring", 2), ("inner_ring", 2))
for (_, outer), (_, inner) in itertools.pairwise(LEVELS):
    if inner > outer:
        raise ValueError("inner axes must not be larger than outer ones")
NAMES = tuple(name for name, _ in LEVELS)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=NAMES, reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


def build(mesh, x):
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(size for _, size in LEVELS), NAMES)
    x = jnp.ones(SHAPE, jnp.int32)
    print(build(mesh, x)(x))
