"""Bracketed names are cleaned with `str.maketrans("", "", string.punctuation)`, a deletion table, before use as axes."""
import string

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DELETE = str.maketrans("", "", string.punctuation)
AXES = tuple(raw.translate(DELETE) for raw in ("<tor>", "[clint]"))


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, 5.0, jnp.float16)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tor", "clint"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.float16)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
