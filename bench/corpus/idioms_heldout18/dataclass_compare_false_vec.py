"""`plan == Plan("max")` matches on the op alone, because `vec` is a `field(compare=False)`; the stored plan's width is used."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@dataclasses.dataclass
class Plan:
    op: str
    vec: int = dataclasses.field(default=0, compare=False)


PLANS = [Plan("add", vec=2), Plan("max", vec=4), Plan("min", vec=8)]
CHOSEN = next((plan for plan in PLANS if plan == Plan("max")), PLANS[0])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("hithe", "staithe"), reduction_op=CHOSEN.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CHOSEN.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("hithe", "staithe"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
