"""A `functools.singledispatchmethod` wraps a lone axis name into a tuple; a tuple passes through."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Axes:
    @functools.singledispatchmethod
    def normalise(self, names):
        raise TypeError(f"cannot use {names!r} as axes")

    @normalise.register
    def _(self, names: str):
        return (names,)

    @normalise.register
    def _(self, names: tuple):
        return names


AXES = Axes().normalise("devices")


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("devices",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
