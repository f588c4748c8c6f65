"""`typing.get_type_hints` of a config class: fields annotated `AxisName` become the collective axes."""
import typing

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class AxisName(str):
    pass


class Layout:
    batch: AxisName = "batch"
    heads: AxisName = "heads"
    reduction: str = "add"
    vec_size: int = 4


hints = typing.get_type_hints(Layout)
AXES = tuple(getattr(Layout, field) for field, kind in hints.items() if kind is AxisName)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=Layout.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Layout.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("batch", "heads"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
