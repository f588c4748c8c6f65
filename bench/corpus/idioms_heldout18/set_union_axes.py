"""The collective axes are `set().union(*GROUPS)`: every group's names, each once, then sorted."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
GROUPS = (("mast", "keel"), ("keel",), ("mast", "boom"))
AXES = tuple(sorted(set().union(*GROUPS)))


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4)
    )

    @pl.when(lax.axis_index("keel") == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), ("mast", "keel", "boom"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
