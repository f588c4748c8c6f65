"""A table of (dtype, op, vec) rows is transposed with zip(*rows) into parallel columns."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
ROWS = [
    (jnp.float32, "add", 2),
    (jnp.bfloat16, "min", 4),
    (jnp.int32, "and", 1),
]
DTYPES, OPS, VECS = zip(*ROWS, strict=True)


def make_body(op, vec):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=op),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for i in range(len(OPS)):
        call = plgpu.kernel(
            make_body(OPS[i], VECS[i]),
            out_type=jax.ShapeDtypeStruct(SHAPE, DTYPES[i]),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, DTYPES[i])))
