"""A dataclass whose mesh axes come from field(default_factory=...) and whose width is a plain default."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def default_axes():
    return ["expert", "shard"]


@dataclasses.dataclass
class Collective:
    axes: list = dataclasses.field(default_factory=default_axes)
    sizes: list = dataclasses.field(default_factory=lambda: [2, 2])
    reduction: str = "add"
    vec_size: int = 4


def make_body(c):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(c.axes), reduction_op=c.reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=c.vec_size),
        )
    return body


if __name__ == "__main__":
    c = Collective()
    mesh = jax.make_mesh(tuple(c.sizes), ("expert", "shard"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        make_body(c), out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
