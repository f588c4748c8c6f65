import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)


def broadcast_kernel(x_ref, o_ref, smem, barrier):
    plgpu.copy_gmem_to_smem(x_ref, smem, barrier, collective_axes="c")
    plgpu.barrier_wait(barrier)
    o_ref[...] = smem[...]


if __name__ == "__main__":
    broadcast = plgpu.kernel(
        broadcast_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        grid=(2,),
        grid_names=("blocks",),
        cluster=(2,),
        cluster_names=("c",),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(num_arrivals=1)],
    )
    print(jax.jit(broadcast)(jnp.ones(SHAPE, jnp.float32)))
