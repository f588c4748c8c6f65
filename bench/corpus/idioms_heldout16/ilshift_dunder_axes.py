"""A `Pipeline` collects axes with `<<=` (`__ilshift__`), which pushes each name at the front."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Pipeline:
    def __init__(self):
        self.axes = ()

    def __ilshift__(self, name):
        self.axes = (name,) + self.axes
        return self


PIPE = Pipeline()
PIPE <<= "tarn"
PIPE <<= "cirque"


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1)
    )

    @pl.when(lax.axis_index(PIPE.axes[0]) == 1)
    def _():
        plgpu.multimem_store(tile, y_ref, PIPE.axes)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("cirque", "tarn"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
