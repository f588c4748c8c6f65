"""A chain of conditional expressions picks the reduction and the width from the dtype's kind and size."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

DTYPE = jnp.dtype(jnp.int32)
REDUCTION = "add" if DTYPE.kind == "f" and DTYPE.itemsize == 4 else "max" if DTYPE.kind == "f" else "or"
VEC = 8 if DTYPE.itemsize == 2 else 4 if DTYPE.itemsize == 4 else 1
SHAPE = (256, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("mp",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("mp",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
