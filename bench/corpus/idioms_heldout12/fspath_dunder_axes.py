"""A mesh address object implements `__fspath__`; `os.fspath` of it, split on "/", gives the axes."""
import os

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class MeshAddress:
    def __init__(self, *levels):
        self.levels = levels

    def __fspath__(self):
        return "/".join(self.levels)


AXES = tuple(os.fspath(MeshAddress("host", "gpu")).split("/"))


def fan_out_kernel(y_ref, smem):
    smem[...] = jnp.zeros(SHAPE, jnp.bfloat16)
    plgpu.commit_smem()

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))

    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("host", "gpu"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.bfloat16)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
