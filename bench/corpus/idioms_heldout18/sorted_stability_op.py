"""Two sorts, by name then by priority: `sorted` is stable, so equal priorities keep alphabetical order and "min" leads."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
RULES = [("xor", 2), ("min", 1), ("or", 1), ("max", 3)]
BY_NAME = sorted(RULES, key=lambda rule: rule[0])
BY_PRIORITY = sorted(BY_NAME, key=lambda rule: rule[1])
REDUCTION = BY_PRIORITY[0][0]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("brook", "rill"), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("brook", "rill"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
