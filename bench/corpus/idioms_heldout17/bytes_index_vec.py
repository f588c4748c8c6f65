"""A packed header is a `bytes` object; indexing bytes gives an int, which is the vector width."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_SIZE = 4
HEADER = bytes((VEC_SIZE, 16))  # lanes per load, bits per element
VEC = HEADER[0]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("scarp", "bench"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("scarp", "bench"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
