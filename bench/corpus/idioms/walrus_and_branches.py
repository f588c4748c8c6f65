"""Walrus assignments and if/else on known constants pick the vector width and the axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
USE_2D_MESH = True
DTYPE = jnp.bfloat16


def make_kernel(tiled_layout=False):
    if (bits := jnp.dtype(DTYPE).itemsize * 8) == 16:  # noqa: SIM108
        vec_size = 8
    else:
        vec_size = 128 // bits
    axes = ("x", "y") if USE_2D_MESH else ("x",)

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op="add")
        if tiled_layout:  # noqa: SIM108 (the branch is the idiom)
            layout = plgpu.Layout.WGMMA
        else:
            layout = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size)
        y_ref[...] = plgpu.layout_cast(total, layout)

    return kernel


if __name__ == "__main__":
    if USE_2D_MESH:  # noqa: SIM108
        mesh = jax.make_mesh((2, 2), ("x", "y"))
    else:
        mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(make_kernel(), out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
