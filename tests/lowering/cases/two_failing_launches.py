"""Two launches in one file, each failing: one run of the check reports both."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def reduce_kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


def store_kernel(y_ref):
    tile = plgpu.layout_cast(jnp.zeros((128, 128), jnp.int32), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, ("x",))


if __name__ == "__main__":
    reduce_call = plgpu.kernel(reduce_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    no_mesh = jax.jit(reduce_call)(jnp.ones(SHAPE, jnp.float32))
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    store_call = plgpu.kernel(store_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    sm = jax.shard_map(store_call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False)
    partial_axes = jax.jit(sm)()
    print(no_mesh.shape, partial_axes.shape)
