"""Axis names from environment-style keys with str.removeprefix; an SMEM tile multicast-copied over them."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
ENVIRON = {"MESH_AXIS_a": "2", "MESH_AXIS_b": "2", "LOG_LEVEL": "info"}
AXES = {key.removeprefix("MESH_AXIS_"): int(value) for key, value in ENVIRON.items()
        if key.startswith("MESH_AXIS_")}
NAMES = tuple(AXES)


def kernel(x_ref, o_ref, smem):
    smem[...] = x_ref[...]
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(o_ref, NAMES))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(AXES.values()), NAMES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type, scratch_types=[plgpu.SMEM(out_type.shape, out_type.dtype)])
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
