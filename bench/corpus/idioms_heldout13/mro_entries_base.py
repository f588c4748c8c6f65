"""A config object used as a base class supplies the real base through `__mro_entries__` (PEP 560)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Defaults:
    axes = ("x",)
    op = "add"
    dtype = jnp.float32


class Preset:
    def __init__(self, **overrides):
        self.overrides = overrides

    def __mro_entries__(self, bases):
        return (type("Preset", (Defaults,), self.overrides),)


class Tuned(Preset(axes=("i", "j"), op="xor", dtype=jnp.int32)):
    vec = 4


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Tuned.axes, reduction_op=Tuned.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Tuned.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("i", "j"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, Tuned.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, Tuned.dtype)))
