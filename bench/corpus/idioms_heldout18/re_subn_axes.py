"""`re.subn` normalises the separators and counts them: the text gives the axes, the count the device total."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TEXT, SEPARATORS = re.subn(r"\s*[;|]\s*", ",", "dune | swale")
AXES = tuple(TEXT.split(","))
DEVICES = 2 ** (SEPARATORS + 1)


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, DEVICES, jnp.bfloat16)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dune", "swale"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.bfloat16)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
