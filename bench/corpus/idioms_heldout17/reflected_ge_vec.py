"""`vec * BITS <= BUDGET` with an object on the right: int's `__le__` gives up and Python calls the reflected `Budget.__ge__`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
BITS = 16


class Budget:
    def __init__(self, bits):
        self.bits = bits

    def __ge__(self, other):
        return self.bits >= other


BUDGET = Budget(64)
vec = 16
while not vec * BITS <= BUDGET:
    vec //= 2


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("combe", "hollow"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("combe", "hollow"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
