"""Kernel bodies written as lambdas (a store and a reduce through a helper)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXES = ("x",)


def _reduce_into(y_ref, value, vec):
    y_ref[...] = plgpu.layout_cast(value, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec))


store = lambda x_ref, y_ref: plgpu.multimem_store(x_ref[...], y_ref, AXES)  # noqa: E731
reduce = lambda x_ref, y_ref: _reduce_into(  # noqa: E731
    y_ref, plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"), 4)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    for body in (store, reduce):
        call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, jnp.float32)))
