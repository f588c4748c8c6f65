"""The launch settings arrive as an XML-RPC payload, decoded in memory with `xmlrpc.client.loads`."""
import xmlrpc.client

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

PAYLOAD = xmlrpc.client.dumps(({"axes": ["dp", "mp"], "op": "max", "dtype": "int32", "vec": 2},), "configure")
(REQUEST,), METHOD = xmlrpc.client.loads(PAYLOAD)
AXES = tuple(REQUEST["axes"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REQUEST["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=REQUEST["vec"]),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(REQUEST["dtype"])
    mesh = jax.make_mesh((2, 2), ("dp", "mp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
