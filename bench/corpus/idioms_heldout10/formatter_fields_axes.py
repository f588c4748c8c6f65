"""The mesh axes are the replacement fields of a route template, read with string.Formatter.parse."""
import string

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ROUTE = "/{host}/{gpu}"
AXES = tuple(field for _, field, _, _ in string.Formatter().parse(ROUTE) if field)


def store_kernel(y_ref):
    tile = plgpu.layout_cast(jax.lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 4), AXES)
    call = plgpu.kernel(store_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
