"""A role table is inverted with `{role: name for name, role in ROLES.items()}`; the axes are looked up by role."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
ROLES = {"headland": "outer", "bight": "inner"}
BY_ROLE = {role: name for name, role in ROLES.items()}
AXES = (BY_ROLE["outer"], BY_ROLE["inner"])


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 0), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2)
    )

    @pl.when(lax.axis_index(BY_ROLE["inner"]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("headland", "bight"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
