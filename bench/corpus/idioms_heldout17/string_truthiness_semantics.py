"""The Lane flag is the text "0": a non-empty string is true, so the conditional picks Lane semantics."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
LANE_FLAG = "0"  # read as text, never converted
SEMANTICS = plgpu.LoweringSemantics.Lane if LANE_FLAG else plgpu.LoweringSemantics.Warpgroup


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("shingle", "dune"), reduction_op="and"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("shingle", "dune"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
