"""The semantics table is keyed by `operator.not_(WARPGROUP)`: a false flag selects the Lane entry."""
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
WARPGROUP = 0
BY_NEGATION = {True: plgpu.LoweringSemantics.Lane, False: plgpu.LoweringSemantics.Warpgroup}
SEMANTICS = BY_NEGATION[operator.not_(WARPGROUP)]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("gorge", "rill"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("gorge", "rill"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
