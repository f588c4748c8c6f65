"""A hierarchical mesh address is a PurePosixPath; its .parts after the root are the axis names."""
from pathlib import PurePosixPath

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

ADDRESS = PurePosixPath("/mesh/pod/gpu")
AXES = ADDRESS.parts[2:]                 # ("pod", "gpu")


def body(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(y_ref.dtype, (128, 128), 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pod", "gpu"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
