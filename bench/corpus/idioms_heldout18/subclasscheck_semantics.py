"""A metaclass `__subclasscheck__` answers `issubclass(Kernel, LaneFamily)` from a tag; the answer picks the semantics."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Family(type):
    def __subclasscheck__(cls, sub):
        return getattr(sub, "tag", None) == cls.wanted


class LaneFamily(metaclass=Family):
    wanted = "lane"


class Kernel:
    tag = "lane"


SEMANTICS = (plgpu.LoweringSemantics.Lane if issubclass(Kernel, LaneFamily)
             else plgpu.LoweringSemantics.Warpgroup)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("scarp", "talus"), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("scarp", "talus"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
