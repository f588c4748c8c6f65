"""A CamelCase topology name is cut before each capital with a zero-width `re.split(r"(?=[A-Z])", ...)`."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TOPOLOGY = "".join(word.title() for word in ("valley", "floor"))
AXES = tuple(part.lower() for part in re.split(r"(?=[A-Z])", TOPOLOGY) if part)


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, 2.0, jnp.bfloat16)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("valley", "floor"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.bfloat16)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
