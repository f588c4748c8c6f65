"""Inside `decimal.localcontext(prec=1)` the scaled width 4.4 rounds to one significant digit: 4."""
import decimal
from decimal import Decimal

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_HINT = 8

with decimal.localcontext(prec=1):
    VEC = int(Decimal(VEC_HINT) * Decimal("0.55"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("cay", "sound"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("cay", "sound"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
