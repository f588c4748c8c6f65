"""The axis list is one line of text cut into names by `textwrap.wrap` at a narrow width."""
import textwrap

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
AXIS_LINE = "pod chip"
AXES = tuple(textwrap.wrap(AXIS_LINE, width=4))


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.zeros(SHAPE, jnp.float32)
    plgpu.commit_smem()

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))

    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pod", "chip"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.float32)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
