"""`map` over two iterables pairs axis names with sizes; the mesh and the axes are built from the pairs."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
NAMES = ["a", "b", "c"]
SIZES = [2, 2]

PAIRS = list(map(lambda name, size: (name, size), NAMES, SIZES))
AXES = tuple(name for name, _ in PAIRS)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(size for _, size in PAIRS), ("a", "b"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
