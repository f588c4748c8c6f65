"""A `for` loop's target outlives the loop: after trying each width, `vec` is left bound to the last one."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
TRIED = []
for vec in (4, 1, 2):
    TRIED.append(SHAPE[1] % vec == 0)


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec)
    )

    @pl.when(lax.axis_index("haugh") == 1)
    def _():
        plgpu.multimem_store(tile, y_ref, ("haugh", "carse"))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("haugh", "carse"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
