"""An axis set grows with += (its __iadd__ appends a name unless present) and converts with tuple()."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class AxisSet:
    def __init__(self):
        self.names = []

    def __iadd__(self, name):
        if name not in self.names:
            self.names.append(name)
        return self

    def as_tuple(self):
        return tuple(self.names)


def collective_axes():
    axes = AxisSet()
    axes += "col"
    axes += "row"
    axes += "col"
    return axes.as_tuple()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=collective_axes(), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("row", "col"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
