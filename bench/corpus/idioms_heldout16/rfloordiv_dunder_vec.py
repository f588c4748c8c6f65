"""The vector width is `128 // Bits(dtype)`: int's `//` gives NotImplemented, so `Bits.__rfloordiv__` answers."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
DTYPE = jnp.int32


class Bits:
    def __init__(self, dtype):
        self.bits = jnp.dtype(dtype).itemsize * 8

    def __rfloordiv__(self, total):
        return total // self.bits


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("loch", "glen"), reduction_op="xor"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=128 // Bits(DTYPE)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("loch", "glen"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
