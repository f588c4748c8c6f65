"""Launch parameters live in a `ctypes.Structure` (a C-layout record), read back as plain ints."""
import ctypes

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class LaunchParams(ctypes.Structure):
    _fields_ = [("vec", ctypes.c_int), ("devices", ctypes.c_int)]


params = LaunchParams(vec=8, devices=2)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=params.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((params.devices,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
