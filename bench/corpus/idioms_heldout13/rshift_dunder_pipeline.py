"""Reduction settings flow through a `>>` pipeline (custom `__rshift__`): `Stage() >> "or" >> jnp.int32`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Stage:
    def __init__(self, op=None, dtype=None):
        self.op = op
        self.dtype = dtype

    def __rshift__(self, item):
        if isinstance(item, str):
            return Stage(item, self.dtype)
        return Stage(self.op, item)


stage = Stage() >> "or" >> jnp.int32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("a", "b"), reduction_op=stage.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("a", "b"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, stage.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, stage.dtype)))
