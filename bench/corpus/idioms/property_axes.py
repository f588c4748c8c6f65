"""Axes exposed through a @property reading the mesh, used by a multicast copy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Broadcaster:
    def __init__(self, mesh):
        self._mesh = mesh

    @property
    def axes(self):
        return tuple(self._mesh.axis_names)

    def kernel(self, x_ref, y_ref, smem):
        smem[...] = x_ref[...]
        plgpu.commit_smem()
        plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, self.axes))
        plgpu.wait_smem_to_gmem(0)

    def __call__(self, x):
        call = plgpu.kernel(
            self.kernel,
            out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
            scratch_types=[plgpu.SMEM(SHAPE, jnp.float32)],
        )
        return jax.jit(jax.shard_map(call, mesh=self._mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
    print(Broadcaster(mesh)(jnp.ones(SHAPE, jnp.float32)))
