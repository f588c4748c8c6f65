"""Kernel options are serialised as a query string (urlencode) and parsed back with parse_qs."""
import urllib.parse

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
QUERY = urllib.parse.urlencode({"op": "add", "dtype": "float32", "axis": "workers", "vec": 4})


def options(query):
    fields = urllib.parse.parse_qs(query, strict_parsing=True)
    return {k: v[0] for k, v in fields.items()}


OPTS = options(QUERY)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(OPTS["axis"],), reduction_op=OPTS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(OPTS["vec"])),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("workers",))
    dtype = jnp.dtype(OPTS["dtype"])
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
