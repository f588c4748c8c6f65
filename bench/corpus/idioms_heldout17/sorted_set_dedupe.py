"""Requested axes are de-duplicated and ordered with `sorted(set(...))` before they name the multicast group."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
REQUESTED = ["tarn", "beck", "tarn"]
AXES = tuple(sorted(set(REQUESTED)))


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, 3, jnp.int32)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("beck", "tarn"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.int32)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
