"""Settings live in double-underscore attributes; Python mangles them to `_Launch__axes`, which is read from outside."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Launch:
    def __init__(self):
        self.__axes = ("dp", "ep")
        self.__op = "max"
        self.__vec = 8

    def describe(self):
        return f"{self.__op} over {self.__axes}"


LAUNCH = Launch()
AXES, OP, VEC = LAUNCH._Launch__axes, LAUNCH._Launch__op, LAUNCH._Launch__vec


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "ep"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
