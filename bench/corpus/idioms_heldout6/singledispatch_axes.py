"""`functools.singledispatch` normalises an axis spec given as a str, a tuple or a dict of sizes."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


@functools.singledispatch
def as_axes(spec):
    raise TypeError(f"cannot read axes from {spec!r}")


@as_axes.register
def _(spec: str):
    return tuple(spec.split(","))


@as_axes.register
def _(spec: dict):
    return tuple(spec)


AXES = as_axes({"rows": 2, "cols": 2})
EXTRA = as_axes("rows")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rows", "cols"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
