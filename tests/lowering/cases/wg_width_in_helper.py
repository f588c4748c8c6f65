"""Warpgroup width errors, found after tracing: the worker blames the op's line, not the jitted call.

The reduce sits in a helper of the kernel: the op's MLIR location names the helper's
line (the innermost line of the user's files), as the traceback does under Lane.
The f16 multimem_store with 16-bit vectors fails the same way (no rule class).
"""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
WARPGROUP = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup)


def reduce_rows(ref):
    total = plgpu.multimem_load_reduce(ref, collective_axes=("x",), reduction_op="add")
    return plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8))


def allreduce_kernel(x_ref, y_ref):
    y_ref[...] = reduce_rows(x_ref)


def store_kernel(x_ref, y_ref):
    narrow = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1))
    plgpu.multimem_store(narrow, y_ref, ("x",))


def launch(body, dtype):
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, dtype), compiler_params=WARPGROUP)
    return jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    print(jax.jit(launch(allreduce_kernel, jnp.float32))(jnp.ones(SHAPE, jnp.float32)))
    print(jax.jit(launch(store_kernel, jnp.float16))(jnp.ones(SHAPE, jnp.float16)))
