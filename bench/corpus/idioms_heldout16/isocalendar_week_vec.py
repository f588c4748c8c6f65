"""The vector width is an ISO week number: `date.isocalendar().week` of a date that many weeks into 2024."""
import datetime

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_WEEKS = 4
START = datetime.date(2024, 1, 1)  # a Monday in ISO week 1
WEEK = (START + datetime.timedelta(weeks=VEC_WEEKS - 1)).isocalendar().week


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("holm", "eyot"), reduction_op="and"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WEEK),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("holm", "eyot"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
