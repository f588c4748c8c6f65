"""A coroutine-style generator receives dtypes with send() and answers the reduction op to use."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def op_chooser(float_op="add", int_op="xor"):
    dtype = yield
    while True:
        is_float = jnp.issubdtype(dtype, jnp.floating)
        dtype = yield (float_op if is_float else int_op)


def make_body(op):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=op),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    chooser = op_chooser()
    next(chooser)
    for dtype in (jnp.float32, jnp.int32):
        call = plgpu.kernel(
            make_body(chooser.send(dtype)),
            out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, dtype)))
