"""`sorted(..., reverse=True)` of (bits, vec_size, dtype) tuples: the widest legal load comes first."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
OPTIONS = [(32, 2, "bfloat16"), (128, 8, "bfloat16"), (64, 4, "bfloat16")]

bits, vec_size, dtype_name = sorted(OPTIONS, reverse=True)[0]
DTYPE = jnp.dtype(dtype_name)


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))
    plgpu.multimem_store(value, y_ref, ("peer",))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("peer",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
