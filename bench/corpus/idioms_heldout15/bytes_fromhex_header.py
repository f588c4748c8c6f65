"""A launch header is given as a hex string; `bytes.fromhex` decodes it and its bytes are the vector width and mesh side."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
HEADER_HEX = "08 02 02"
VEC_WIDTH, ROWS, COLS = bytes.fromhex(HEADER_HEX)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("arm", "hand"), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_WIDTH),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((ROWS, COLS), ("arm", "hand"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
