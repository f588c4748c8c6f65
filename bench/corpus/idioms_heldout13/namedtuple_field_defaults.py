"""The values are a namedtuple's `defaults=`, read from its `_field_defaults` mapping."""
from collections import namedtuple

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

Collective = namedtuple("Collective", ["axes", "op", "dtype"], defaults=[("tp", "ep"), "or", "int32"])
DEFAULTS = Collective._field_defaults


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=DEFAULTS["axes"], reduction_op=DEFAULTS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(DEFAULTS["dtype"])
    mesh = jax.make_mesh((2, 2), ("tp", "ep"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
