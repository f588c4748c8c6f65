"""Reductions are chosen by shell-style patterns over the dtype name with fnmatch."""
import fnmatch

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
RULES = [("float32", "add"), ("*float16", "max"), ("*int32", "xor")]


def reduction_for(dtype_name):
    for pattern, reduction in RULES:
        if fnmatch.fnmatchcase(dtype_name, pattern):
            return reduction
    raise KeyError(dtype_name)


def make_body(dtype):
    reduction = reduction_for(jnp.dtype(dtype).name)

    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("ax",), reduction_op=reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
        )
    return body


if __name__ == "__main__":
    dtype = jnp.bfloat16
    mesh = jax.make_mesh((2,), ("ax",))
    out = jax.ShapeDtypeStruct(SHAPE, dtype)
    call = plgpu.kernel(make_body(dtype), out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
