"""A `shlex.shlex` lexer with commas as its only whitespace splits the axes list; the quoted name loses its quotes."""
import shlex

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
TEXT = ",".join(("'ness'", "holm"))
LEXER = shlex.shlex(TEXT, posix=True)
LEXER.whitespace = ","
LEXER.whitespace_split = True
AXES = tuple(LEXER)


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.float32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2)
    )

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("ness", "holm"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
