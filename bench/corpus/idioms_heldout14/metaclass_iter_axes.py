"""The mesh axes are a class whose metaclass defines `__iter__`, so `tuple(MeshAxes)` iterates the class itself."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class AxesMeta(type):
    def __iter__(cls):
        return (value for key, value in vars(cls).items() if key.isupper())


class MeshAxes(metaclass=AxesMeta):
    OUTER = "dcn"
    INNER = "ici"


AXES = tuple(MeshAxes)


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.float32, SHAPE, 0), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2)
    )

    @pl.when(lax.axis_index(AXES[-1]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dcn", "ici"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
