"""A default spec is a `collections.namedtuple`; the half-precision variant is derived from it with `_replace`."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
Spec = collections.namedtuple("Spec", ["axes", "op", "vec", "dtype"])
DEFAULT = Spec(axes=("host", "card"), op="add", vec=4, dtype=jnp.float32)
HALF = DEFAULT._replace(op="max", vec=8, dtype=jnp.bfloat16)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=HALF.axes, reduction_op=HALF.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=HALF.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("host", "card"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, HALF.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, HALF.dtype)))
