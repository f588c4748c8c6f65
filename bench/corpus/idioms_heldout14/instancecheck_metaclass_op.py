"""A metaclass `__instancecheck__` makes `isinstance(dtype, IntegerKind)` test the dtype's kind; it picks the op."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class KindCheck(type):
    def __instancecheck__(cls, dtype):
        return jnp.dtype(dtype).kind in cls.kinds


class IntegerKind(metaclass=KindCheck):
    kinds = "iu"


DTYPE = jnp.int32
if isinstance(DTYPE, IntegerKind):
    OP = "xor"
    VEC = 4
else:
    OP = "add"
    VEC = 8


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("pod", "gpu"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pod", "gpu"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
