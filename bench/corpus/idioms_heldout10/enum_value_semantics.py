"""A lowering mode is looked up by value in an Enum and mapped to plgpu semantics."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Mode(enum.Enum):
    LANE = "lane"
    WARPGROUP = "warpgroup"

    @property
    def semantics(self):
        if self is Mode.LANE:
            return plgpu.LoweringSemantics.Lane
        return plgpu.LoweringSemantics.Warpgroup


MODE = Mode("lane")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("x",))
    params = plgpu.CompilerParams(lowering_semantics=MODE.semantics)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16), compiler_params=params)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
