"""Settings ride in an HTTP cookie: `http.cookies.SimpleCookie` writes the header, another loads it."""
from http.cookies import SimpleCookie

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
VEC = 2

outgoing = SimpleCookie()
outgoing["reduction"] = "xor"
outgoing["dtype"] = "int32"
outgoing["vec"] = str(VEC)
outgoing["axis"] = "lane"
header = outgoing.output(header="", sep=";")

incoming = SimpleCookie()
incoming.load(header)
OP = incoming["reduction"].value
DTYPE = jnp.dtype(incoming["dtype"].value)
WIDTH = int(incoming["vec"].value)
AXIS = incoming["axis"].value


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WIDTH),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("lane",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
