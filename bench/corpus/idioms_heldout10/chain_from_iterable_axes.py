"""Nested axis groups are flattened with itertools.chain.from_iterable."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
GROUPS = [["outer"], ["inner"]]
AXES = tuple(itertools.chain.from_iterable(GROUPS))


def store_kernel(y_ref):
    tile = plgpu.layout_cast(
        jax.lax.broadcasted_iota(jnp.float32, (128, 128), 1), plgpu.Layout.WGMMA
    )
    plgpu.multimem_store(tile, y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), AXES)
    call = plgpu.kernel(store_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
