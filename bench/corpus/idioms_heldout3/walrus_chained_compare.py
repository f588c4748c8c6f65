"""The vector width validated with a walrus in a chained comparison before use."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
REQUESTED = {"vec": 4, "axis": "ranks"}
if not 1 <= (vec := REQUESTED["vec"]) <= 4:
    raise ValueError(f"vec {vec} out of range")


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(REQUESTED["axis"],), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (REQUESTED["axis"],))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
