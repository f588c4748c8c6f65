"""A frozen dataclass normalises its reduction name in `__post_init__` through `object.__setattr__`."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@dataclasses.dataclass(frozen=True)
class Collective:
    axes: tuple
    op: str

    def __post_init__(self):
        object.__setattr__(self, "op", self.op.strip().lower())
        object.__setattr__(self, "axes", tuple(self.axes))


COLLECTIVE = Collective(["grid", "tile"], " MIN ")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=COLLECTIVE.axes, reduction_op=COLLECTIVE.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("grid", "tile"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
