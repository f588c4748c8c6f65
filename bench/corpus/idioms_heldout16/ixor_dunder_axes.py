"""Axes are toggled in and out of a set-like `AxisSet` with `^=` (`__ixor__`), keeping first-toggle order."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class AxisSet:
    def __init__(self):
        self.names = []

    def __ixor__(self, name):
        if name in self.names:
            self.names.remove(name)
        else:
            self.names.append(name)
        return self


ACTIVE = AxisSet()
ACTIVE ^= "spur"
ACTIVE ^= "draft"
ACTIVE ^= "col"
ACTIVE ^= "draft"


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(ACTIVE.names), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("spur", "col"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
