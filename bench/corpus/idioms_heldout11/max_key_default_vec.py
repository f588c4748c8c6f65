"""The vector width is the widest candidate that fits 128 bits: max(..., key=..., default=...)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
DTYPE = jnp.bfloat16
CANDIDATE_VECS = (1, 2, 4, 8, 16)


def widest_vec(dtype, default_vec=2):
    bits = jnp.dtype(dtype).itemsize * 8
    fitting = [v for v in CANDIDATE_VECS if 32 <= v * bits <= 128]
    return max(fitting, key=lambda v: v * bits, default=default_vec)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=widest_vec(DTYPE)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
