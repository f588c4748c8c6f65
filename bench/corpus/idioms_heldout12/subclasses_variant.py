"""Kernel variants are found through `Variant.__subclasses__()`; the one named by the job is launched."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
JOB = "half_max"


class Variant:
    axes = ("x",)


class SingleAdd(Variant):
    dtype = jnp.float32
    reduction = "add"
    vec_size = 4


class HalfMax(Variant):
    dtype = jnp.bfloat16
    reduction = "max"
    vec_size = 8


def key(cls):
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in cls.__name__).lstrip("_")


CHOSEN = next(cls for cls in Variant.__subclasses__() if key(cls) == JOB)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CHOSEN.axes, reduction_op=CHOSEN.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CHOSEN.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, CHOSEN.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, CHOSEN.dtype)))
