"""A user's axis name is resolved against the mesh with difflib.get_close_matches (forgiving typos)."""
import difflib

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
REQUESTED = "experts"


def resolve(name, mesh):
    matches = difflib.get_close_matches(name, mesh.axis_names, n=1, cutoff=0.6)
    if not matches:
        raise ValueError(f"no mesh axis like {name!r} in {mesh.axis_names}")
    return matches[0]


def make_kernel(axis):
    def broadcast_kernel(y_ref):
        tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)

        @pl.when(lax.axis_index(axis) == 0)
        def _():
            plgpu.multimem_store(tile, y_ref, (axis,))
    return broadcast_kernel


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("expert",))
    call = plgpu.kernel(make_kernel(resolve(REQUESTED, mesh)),
                        out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
