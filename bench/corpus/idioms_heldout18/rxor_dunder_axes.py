"""`"ledge" ^ AxisMask(...)`: str has no `^`, so `AxisMask.__rxor__` toggles the name out of the mask."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class AxisMask:
    def __init__(self, names):
        self.names = tuple(names)

    def __rxor__(self, name):
        if name in self.names:
            return AxisMask(n for n in self.names if n != name)
        return AxisMask((*self.names, name))


AXES = ("ledge" ^ AxisMask(("ledge", "crag", "scree"))).names


def body(y_ref):
    tile = plgpu.layout_cast(
        lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2)
    )

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("crag", "scree"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
