"""A types.SimpleNamespace bundles the mesh shape, its axis names and the element type."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
TOPO = types.SimpleNamespace(sizes=(8,), names=("gpus",), dtype=jnp.float32)


def store_kernel(y_ref):
    tile = plgpu.layout_cast(jax.lax.broadcasted_iota(TOPO.dtype, (128, 128), 1), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, collective_axes=TOPO.names)


if __name__ == "__main__":
    mesh = jax.make_mesh(TOPO.sizes, TOPO.names)
    call = plgpu.kernel(store_kernel, out_type=jax.ShapeDtypeStruct((128, 128), TOPO.dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
