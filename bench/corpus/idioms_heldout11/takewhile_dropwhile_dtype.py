"""A preference list is cut with takewhile/dropwhile: the dtypes before the "fallback" marker are tried."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PREFERENCE = ["int32", "bfloat16", "fallback", "float32"]
PRIMARY = list(itertools.takewhile(lambda name: name != "fallback", PREFERENCE))
FALLBACK = list(itertools.dropwhile(lambda name: name != "fallback", PREFERENCE))[1:]
VEC = {"int32": 4, "bfloat16": 8, "float32": 4}


def make_body(name):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="max"),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC[name]),
        )
    return body


if __name__ == "__main__":
    print("primary", PRIMARY, "fallback", FALLBACK)
    mesh = jax.make_mesh((2,), ("dev",))
    for name in PRIMARY:
        call = plgpu.kernel(
            make_body(name),
            out_type=jax.ShapeDtypeStruct(SHAPE, jnp.dtype(name)),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, jnp.dtype(name))))
