"""The vector width is `128 / ElementBits(...)`: an int on the left, so the class's `__rtruediv__` runs."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class ElementBits:
    def __init__(self, dtype):
        self.bits = jnp.dtype(dtype).itemsize * 8

    def __rtruediv__(self, total_bits):
        return int(total_bits // self.bits)


DTYPE = jnp.int32
VEC = 128 / ElementBits(DTYPE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("d",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("d",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
