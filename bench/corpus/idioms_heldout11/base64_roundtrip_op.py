"""The job spec travels base64-encoded (as it would in an environment variable) and is decoded here."""
import base64

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def encode(op, dtype_name):
    return base64.urlsafe_b64encode(f"{op};{dtype_name}".encode()).decode()


def decode(token):
    op, dtype_name = base64.urlsafe_b64decode(token.encode()).decode().split(";")
    return op, jnp.dtype(dtype_name)


TOKEN = encode("max", "bfloat16")
OP, DTYPE = decode(TOKEN)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
