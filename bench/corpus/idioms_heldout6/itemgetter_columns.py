"""`operator.itemgetter` with several indices pulls the axis and op columns out of a settings row."""
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
ROW = ("allreduce", ("ici", "dcn"), 2, "max", "bfloat16")

axes, reduction = operator.itemgetter(1, 3)(ROW)
vec_size = operator.itemgetter(2)(ROW)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("ici", "dcn"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
