"""The plan dict is frozen as bytes with `marshal.dumps` and restored with `marshal.loads` before launch."""
import marshal

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

FROZEN = marshal.dumps({"axes": ("dp", "tp"), "dtype": "int32", "op": "xor", "vec": 2})
PLAN = marshal.loads(FROZEN)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PLAN["axes"], reduction_op=PLAN["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PLAN["vec"]),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(PLAN["dtype"])
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
