"""An axis mask implements `__iand__`: `AXES &= present` keeps, in its own order, only the names also present on the mesh."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class AxisMask:
    def __init__(self, names):
        self.names = tuple(names)

    def __iand__(self, other):
        self.names = tuple(n for n in self.names if n in other)
        return self


AXES = AxisMask(("shoal", "bank", "bar"))
AXES &= ("bar", "shoal")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES.names, reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("shoal", "bar"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
