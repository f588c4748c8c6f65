"""The widest power-of-two vector that divides the row, found with int.bit_length and a cap of 4."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ROW = 128
SHAPE = (128, ROW)
MAX_VEC = 4
lowest_bit = ROW & -ROW
VEC_SIZE = min(1 << (lowest_bit.bit_length() - 1), MAX_VEC)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("tp",), reduction_op="and"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("tp",))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
