"""Named slice objects pick the mesh's axes out of a longer topology tuple."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TOPOLOGY = ("pod", "rack", "board", "chip")
SIZES = (1, 1, 2, 2)
ON_BOARD = slice(2, None)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=TOPOLOGY[ON_BOARD], reduction_op="xor"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES[ON_BOARD], TOPOLOGY[ON_BOARD])
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.uint32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
