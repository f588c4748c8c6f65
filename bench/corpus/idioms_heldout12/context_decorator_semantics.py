"""A `contextlib.ContextDecorator` subclass, as a decorator, sets the semantics while the builder runs."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
ACTIVE = {"semantics": None}


class semantics(contextlib.ContextDecorator):
    def __init__(self, value):
        self.value = value

    def __enter__(self):
        self.previous = ACTIVE["semantics"]
        ACTIVE["semantics"] = self.value
        return self

    def __exit__(self, *exc):
        ACTIVE["semantics"] = self.previous
        return False


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


@semantics(plgpu.LoweringSemantics.Warpgroup)
def build():
    return plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=ACTIVE["semantics"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    f = jax.jit(jax.shard_map(build(), mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
