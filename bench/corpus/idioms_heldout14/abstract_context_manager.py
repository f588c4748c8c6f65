"""A launch scope subclasses `contextlib.AbstractContextManager`; its inherited `__enter__` returns the scope itself."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class LaunchScope(contextlib.AbstractContextManager):
    def __init__(self, axes, op, dtype):
        self.axes = axes
        self.op = op
        self.dtype = dtype

    def __exit__(self, *exc_info):
        return None


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SCOPE.axes, reduction_op=SCOPE.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    with LaunchScope(("fsdp", "seq"), "xor", jnp.int32) as SCOPE:
        mesh = jax.make_mesh((2, 2), ("fsdp", "seq"))
        call = plgpu.kernel(
            body,
            out_type=jax.ShapeDtypeStruct(SHAPE, SCOPE.dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, SCOPE.dtype)))
