"""A header with a repeated and a reserved name goes through `namedtuple(..., rename=True)`: the second "axis" becomes `_1`."""
from collections import namedtuple

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
HEADER = ("axis", "axis", "op", "class")
Row = namedtuple("Row", HEADER, rename=True)
ROW = Row("scree", "talus", "max", "f16")
AXES = (ROW.axis, ROW._1)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=ROW.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("scree", "talus"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
