"""A while loop halves the vector width until it fits 128 bits and divides the row length."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 192)
DTYPE = jnp.bfloat16
START_VEC = 32


def fit_vec(bits, row):
    vec = START_VEC
    while vec * bits > 128 or row % vec:
        vec //= 2
    return vec


def body(x_ref, y_ref):
    vec = fit_vec(jnp.dtype(DTYPE).itemsize * 8, SHAPE[-1])
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("c",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("c",))
    out = jax.ShapeDtypeStruct(SHAPE, DTYPE)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
