"""`filter(partial(operator.contains, MESH_NAMES), WANTED)` keeps only the wanted names the mesh has."""
import functools
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_NAMES = ("quay", "jetty")
WANTED = ("pier", "jetty", "quay")
AXES = tuple(filter(functools.partial(operator.contains, MESH_NAMES), WANTED))


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, 7, jnp.int32)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("quay", "jetty"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.int32)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
