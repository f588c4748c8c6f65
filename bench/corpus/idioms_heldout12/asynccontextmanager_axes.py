"""`async with` over a `contextlib.asynccontextmanager` scope yields the settings to a coroutine."""
import asyncio
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


@contextlib.asynccontextmanager
async def collective_scope(*axes, reduction, vec_size):
    settings = {"axes": tuple(axes), "reduction": reduction, "vec_size": vec_size}
    try:
        yield settings
    finally:
        settings["closed"] = True


async def plan():
    async with collective_scope("x", "y", reduction="add", vec_size=4) as settings:
        return settings


SETTINGS = asyncio.run(plan())


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
