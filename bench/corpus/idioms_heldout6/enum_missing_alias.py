"""An Enum's `_missing_` hook maps user aliases ("sum", "maximum") onto the members whose values JAX wants."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Reduction(enum.Enum):
    ADD = "add"
    MIN = "min"
    MAX = "max"

    @classmethod
    def _missing_(cls, value):
        aliases = {"sum": cls.ADD, "maximum": cls.MAX, "minimum": cls.MIN}
        return aliases.get(str(value).lower())


REQUESTED = "sum"
reduction = Reduction(REQUESTED).value


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("tp",), reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("tp",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
