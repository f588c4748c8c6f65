"""jax.jit over functools.partial of a launcher whose knobs are keyword arguments."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def launch(x, *, mesh, op, vec_size, axes):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, x.dtype))
    return jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)(x)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    f = jax.jit(functools.partial(launch, mesh=mesh, op="add", vec_size=2, axes=("x",)))
    print(f(jnp.ones(SHAPE, jnp.float32)))
