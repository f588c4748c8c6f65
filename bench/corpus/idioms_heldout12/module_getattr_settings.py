"""A module-level `__getattr__` (PEP 562) serves unassigned settings, read off the module object."""
import sys

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
_DEFAULTS = {"vec_size": 8, "reduction": "max", "dtype": "float16", "axes": ("x",)}


def __getattr__(name):
    try:
        return _DEFAULTS[name]
    except KeyError:
        raise AttributeError(name) from None


SETTINGS = sys.modules[__name__]
DTYPE = jnp.dtype(SETTINGS.dtype)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SETTINGS.axes, reduction_op=SETTINGS.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
