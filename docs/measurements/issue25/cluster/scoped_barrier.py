import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128,)


def sync_kernel(o_ref):
    def body(barrier):
        plgpu.barrier_arrive(barrier)
        plgpu.barrier_wait(barrier)
    pl.run_scoped(body, plgpu.ClusterBarrier(collective_axes=("c",)))
    o_ref[...] = jnp.zeros(SHAPE, jnp.float32)


if __name__ == "__main__":
    kernel = plgpu.kernel(
        sync_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        grid=(2,),
        grid_names=("blocks",),
        cluster=(2,),
        cluster_names=("c",),
    )
    print(jax.jit(kernel)())
