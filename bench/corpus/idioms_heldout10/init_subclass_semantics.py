"""Kernel variants register themselves, with their lowering semantics, through __init_subclass__."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
REGISTRY = {}


class Variant:
    semantics = None

    def __init_subclass__(cls, *, key, semantics, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.semantics = semantics
        REGISTRY[key] = cls


class LaneVariant(Variant, key="lane", semantics=plgpu.LoweringSemantics.Lane):
    pass


class WarpgroupVariant(Variant, key="wg", semantics=plgpu.LoweringSemantics.Warpgroup):
    pass


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


def build(mesh, key):
    params = plgpu.CompilerParams(lowering_semantics=REGISTRY[key].semantics)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32), compiler_params=params)
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    print(build(mesh, "lane")(jnp.ones(SHAPE, jnp.float32)))
