"""Axis names are string class attributes `AXIS_*`; `inspect.getmembers` lists them (sorted by attribute name)."""
import inspect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Layout:
    AXIS_A = "tower"
    AXIS_B = "level"
    REDUCTION = "max"
    VEC = 8


AXES = tuple(value for name, value in inspect.getmembers(Layout) if name.startswith("AXIS_"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=Layout.REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Layout.VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tower", "level"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
