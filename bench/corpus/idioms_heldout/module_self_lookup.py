"""Settings read through the module object itself (sys.modules[__name__]) and vars()."""
import sys

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
SUM_OP = "add"
SUM_VEC = 4
AXES = ("x",)
_this = sys.modules[__name__]


def kernel(x_ref, y_ref):
    op = getattr(_this, "SUM_OP")  # noqa: B009 (the idiom)
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=_this.AXES, reduction_op=op)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vars(_this)["SUM_VEC"]))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
