"""Kernels hold a `weakref.proxy` to the shared settings object; every attribute read goes through the proxy."""
import weakref

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Settings:
    def __init__(self, axes, op, dtype, vec):
        self.axes = axes
        self.op = op
        self.dtype = dtype
        self.vec = vec


SHARED = Settings(axes=("island", "node"), op="max", dtype=jnp.bfloat16, vec=8)
VIEW = weakref.proxy(SHARED)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=VIEW.axes, reduction_op=VIEW.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VIEW.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("island", "node"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, VIEW.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, VIEW.dtype)))
