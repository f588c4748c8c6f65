import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128,)


def loop_kernel(o_ref):
    @plgpu.nd_loop((8,), collective_axes=("blocks", "c"))
    def _(loop_info):
        del loop_info
        o_ref[...] = jnp.zeros(SHAPE, jnp.float32)


if __name__ == "__main__":
    kernel = plgpu.kernel(
        loop_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        grid=(2,),
        grid_names=("blocks",),
        cluster=(2,),
        cluster_names=("c",),
    )
    print(jax.jit(kernel)())
