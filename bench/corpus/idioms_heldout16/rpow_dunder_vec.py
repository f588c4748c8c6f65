"""The vector width is `2 ** Lanes(...)`: int has no power with a `Lanes`, so `Lanes.__rpow__` computes it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_LOG2 = 1


class Lanes:
    def __init__(self, exponent):
        self.exponent = exponent

    def __rpow__(self, base):
        return base ** self.exponent


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("glade", "copse"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2 ** Lanes(VEC_LOG2)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("glade", "copse"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
