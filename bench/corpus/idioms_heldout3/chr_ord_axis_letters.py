"""One-letter axis names generated with chr(ord("i") + k) for each mesh dimension."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_SHAPE = (2, 2)
LETTERS = tuple(chr(ord("i") + k) for k in range(len(MESH_SHAPE)))


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=LETTERS, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(MESH_SHAPE, LETTERS)
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out)
    with jax.set_mesh(mesh):
        run = jax.jit(jax.shard_map(call, in_specs=P(), out_specs=P(), check_vma=False))
        print(run(jnp.ones(out.shape, out.dtype)))
