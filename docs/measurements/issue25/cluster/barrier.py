import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128,)


def sync_kernel(o_ref, barrier):
    plgpu.barrier_arrive(barrier)
    plgpu.barrier_wait(barrier)
    o_ref[...] = jnp.zeros(SHAPE, jnp.float32)


@jax.jit
def sync():
    kernel = plgpu.kernel(
        sync_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        grid=(2,),
        grid_names=("blocks",),
        cluster=(2,),
        cluster_names=("c",),
        scratch_types=[plgpu.ClusterBarrier(collective_axes=("c",))],
    )
    return kernel()


if __name__ == "__main__":
    print(sync())
