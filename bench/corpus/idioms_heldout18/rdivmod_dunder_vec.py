"""`divmod(ROWS, Lanes(vec=8))` falls to `Lanes.__rdivmod__`, which returns the block count and the width."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
ROWS = 256


class Lanes:
    def __init__(self, *, vec):
        self.vec = vec

    def __rdivmod__(self, total):
        return total // self.vec, self.vec


BLOCKS, VEC = divmod(ROWS, Lanes(vec=8))
SHAPE = (ROWS, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("fjord", "skerry"), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("fjord", "skerry"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
