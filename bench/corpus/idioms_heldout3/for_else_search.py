"""The first vector width that the dtype supports, found by a for/else search over candidates."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPE = jnp.float32
CANDIDATE_VECS = (16, 8, 4, 2)
for vec_size in CANDIDATE_VECS:
    if vec_size * jnp.dtype(DTYPE).itemsize * 8 <= 128:
        break
else:
    raise ValueError("no vector width fits")


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("q",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("q",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
