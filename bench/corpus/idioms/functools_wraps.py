"""A logging decorator built with functools.wraps wraps both the kernel body and the launcher."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
CALLS = []


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        CALLS.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


@logged
def reduce_kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="add")
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))


@logged
def launch(x, mesh):
    call = plgpu.kernel(reduce_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    return f(x)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    print(launch(jnp.ones(SHAPE, jnp.float32), mesh))
