"""Axis names zipped with a shorter size list by itertools.zip_longest; missing sizes default to 1."""
from itertools import zip_longest

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
NAMES = ["data", "tensor"]
GIVEN_SIZES = [4]
PAIRS = list(zip_longest(NAMES, GIVEN_SIZES, fillvalue=1))


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(name for name, _ in PAIRS),
                                   reduction_op="or"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    names, sizes = zip(*PAIRS, strict=True)
    mesh = jax.make_mesh(sizes, names)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.uint32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
