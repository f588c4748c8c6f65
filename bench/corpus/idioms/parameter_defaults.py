"""Kernel knobs as parameter defaults, bound partially with functools.partial."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def kernel(x_ref, y_ref, axes=("x",), op="add", vec_size=4):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=op)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))


def launch(x, mesh, dtype=jnp.float32, **knobs):
    call = plgpu.kernel(functools.partial(kernel, **knobs), out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    print(launch(jnp.ones(SHAPE, jnp.float32), mesh))
    print(launch(jnp.ones(SHAPE, jnp.float16), mesh, dtype=jnp.float16, op="max", vec_size=8))
