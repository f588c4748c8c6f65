"""Enum members carry a (dtype name, vector width) tuple that the member's `__init__` unpacks."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Precision(enum.Enum):
    HALF = ("float16", 8)
    SINGLE = ("float32", 8)

    def __init__(self, dtype_name, vec_size):
        self.dtype = jnp.dtype(dtype_name)
        self.vec_size = vec_size


PREC = Precision.SINGLE


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PREC.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("dev",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, PREC.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, PREC.dtype)))
