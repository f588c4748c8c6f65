"""A template launch header is copied into a `bytearray` and patched in place; the patched byte is the vector size."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
TEMPLATE = b"\x01\x02\x02"
HEADER = bytearray(TEMPLATE)
HEADER[0] = 4


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("loop", "step"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=HEADER[0]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((HEADER[1], HEADER[2]), ("loop", "step"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
