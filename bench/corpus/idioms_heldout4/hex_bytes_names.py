"""Axis names arrive hex-encoded (bytes.fromhex(...).decode()); the width is an int parsed in base 16."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

ENCODED_AXES = ("72", "63")  # "r", "c"
VEC_HEX = "0x4"


def decode_axes(encoded):
    return tuple(bytes.fromhex(h).decode("ascii") for h in encoded)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=decode_axes(ENCODED_AXES), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(VEC_HEX, 16)),
    )


if __name__ == "__main__":
    assert bytes.fromhex(ENCODED_AXES[0]) == b"r"
    mesh = jax.make_mesh((2, 2), ("r", "c"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
