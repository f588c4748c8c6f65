"""When no mesh scope is wanted, `contextlib.nullcontext(enter_result)` stands in and `as` binds the given axes."""
import contextlib

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def axis_scope(axes):
    return contextlib.nullcontext(tuple(axes))


def make_body(axes):
    def body(y_ref):
        tile = plgpu.layout_cast(
            lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2)
        )

        @pl.when(lax.axis_index(axes[0]) == 0)
        def _():
            plgpu.multimem_store(tile, y_ref, axes)

    return body


if __name__ == "__main__":
    with axis_scope(["pier", "dock"]) as axes:
        mesh = jax.make_mesh((2, 2), ("pier", "dock"))
        call = plgpu.kernel(
            make_body(axes),
            out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
        print(f())
