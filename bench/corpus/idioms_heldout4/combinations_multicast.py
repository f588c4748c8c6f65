"""A multicast copy's axes: the one itertools.combinations of the mesh axes that covers them all."""
import itertools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
TILE = 512
MESH_AXES = ("x", "y")


def spanning(names):
    return next(itertools.combinations(names, len(names)))


def body(y_ref, smem_ref):
    @pl.when((lax.axis_index("x") == 0) & (lax.axis_index("y") == 0))
    def _():
        smem_ref[...] = plgpu.layout_cast(
            jnp.arange(TILE, dtype=jnp.int32), plgpu.Layout.WG_STRIDED((TILE,), vec_size=1))
        plgpu.commit_smem()
        plgpu.copy_smem_to_gmem(smem_ref, plgpu.multicast_ref(y_ref, spanning(MESH_AXES)))
        plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), MESH_AXES)
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct((TILE,), jnp.int32),
        scratch_types=[plgpu.SMEM((TILE,), jnp.int32)],
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
