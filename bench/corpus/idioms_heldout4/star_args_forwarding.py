"""Wrappers forward *args and **kwargs untouched down to the multimem op."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def reduce_op(*args, **kwargs):
    return plgpu.multimem_load_reduce(*args, **kwargs)


def cast_after(op, layout):
    def wrapped(*args, **kwargs):
        return plgpu.layout_cast(op(*args, **kwargs), layout)
    return wrapped


def body(x_ref, y_ref):
    reduce_into_strided = cast_after(reduce_op, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2))
    y_ref[...] = reduce_into_strided(x_ref, collective_axes=("tp", "dp"), reduction_op="add")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 4), ("tp", "dp"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
