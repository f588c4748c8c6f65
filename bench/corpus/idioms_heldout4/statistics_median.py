"""The width is the statistics.median_low of the widths measured fastest on three earlier runs."""
import statistics

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

BEST_WIDTHS = {"run-a": 2, "run-b": 8, "run-c": 4}
REDUCTION = "add"


def body(x_ref, y_ref):
    width = statistics.median_low(BEST_WIDTHS.values())
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("h",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=width),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("h",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float16)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
