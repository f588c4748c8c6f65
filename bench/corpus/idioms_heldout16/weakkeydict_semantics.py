"""The lowering semantics of each profile class is kept in a `weakref.WeakKeyDictionary` keyed by the class."""
import weakref

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Training:
    axes = ("loam", "silt")
    reduction = "add"


class Serving:
    axes = ("loam",)
    reduction = "max"


SEMANTICS = weakref.WeakKeyDictionary({
    Training: plgpu.LoweringSemantics.Lane,
    Serving: plgpu.LoweringSemantics.Warpgroup,
})
PROFILE = Training


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PROFILE.axes, reduction_op=PROFILE.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("loam", "silt"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS[PROFILE]),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
