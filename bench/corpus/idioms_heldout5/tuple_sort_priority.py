"""Candidate configs are (priority, dtype name, reduction, vec) tuples; list.sort() orders them by
tuple comparison and the first wins."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

CANDIDATES = [
    (2, "float32", "add", 4),
    (1, "bfloat16", "max", 8),
    (3, "int32", "or", 1),
]
CANDIDATES.sort()
_, DTYPE_NAME, REDUCTION, VEC = CANDIDATES[0]
DTYPE = jnp.dtype(DTYPE_NAME)
SHAPE = (128, 256)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("shard",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("shard",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
