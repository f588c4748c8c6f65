"""A contextlib.contextmanager enters jax.set_mesh and yields the mesh; shard_map takes it from context."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


@contextlib.contextmanager
def cluster(shape, names):
    mesh = jax.make_mesh(shape, names)
    with jax.set_mesh(mesh):
        yield mesh


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, 1.0, jnp.float32)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, ("host", "chip")))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.float32)],
    )
    with cluster((2, 2), ("host", "chip")) as mesh:
        f = jax.jit(jax.shard_map(call, in_specs=P(), out_specs=P(), check_vma=False))
        print(mesh.axis_names, f(jnp.ones(SHAPE, jnp.float32)))
