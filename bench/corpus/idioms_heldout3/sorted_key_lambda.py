"""Mesh axes sorted by a key lambda (major axis first); the smallest tile chosen with min(key=)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXES = [{"name": "minor", "rank": 1, "size": 2}, {"name": "major", "rank": 0, "size": 2}]
ORDERED = sorted(AXES, key=lambda axis: axis["rank"])
NAMES = tuple(axis["name"] for axis in ORDERED)
SIZES = tuple(axis["size"] for axis in ORDERED)
TILES = [(256, 128), (128, 128), (512, 128)]
SHAPE = min(TILES, key=lambda tile: tile[0] * tile[1])


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=NAMES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, NAMES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type,
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
