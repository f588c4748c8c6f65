"""The reduction is an Enum member looked up by name, `Reduction[CHOICE]`, through the enum class's `__getitem__`."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Reduction(enum.Enum):
    TOTAL = "add"
    PEAK = "max"
    FLOOR = "min"


CHOICE = "PEAK"
REDUCTION = Reduction[CHOICE].value


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("spur", "col"), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("spur", "col"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
