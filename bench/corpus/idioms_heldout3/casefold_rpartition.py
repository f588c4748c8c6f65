"""A qualified op name "Collective.MAX" reduced with str.rpartition and str.casefold."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
QUALIFIED_OP = "Collective.MAX"
_, _, OP_NAME = QUALIFIED_OP.rpartition(".")
REDUCTION = OP_NAME.casefold()
VEC = 2


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("shard",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("shard",))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
