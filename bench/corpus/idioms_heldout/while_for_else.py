"""A while loop halves the vector width; a for ... else picks the reduction or a default."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
DTYPE = jnp.float16
MAX_VEC = 32
PREFERRED = ("mul", "prod", "max")
SUPPORTED = ("add", "min", "max")


def pick_vec_size(dtype):
    vec = MAX_VEC
    while vec * jnp.dtype(dtype).itemsize > 16:
        vec //= 2
    return vec


def pick_op():
    for name in PREFERRED:
        if name in SUPPORTED:
            break
    else:
        name = "add"
    return name


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes="x", reduction_op=pick_op())
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=pick_vec_size(DTYPE)))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
