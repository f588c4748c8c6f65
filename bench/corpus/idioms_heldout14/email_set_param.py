"""A job's options ride as MIME parameters of its Content-Type (`Message.set_param`), read back with `get_param`."""
from email.message import Message

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)

job = Message()
job.set_type("application/x-allreduce")
job.set_param("outer", "pipe")
job.set_param("inner", "data")
job.set_param("op", "min")
job.set_param("dtype", "bfloat16")
AXES = (job.get_param("outer"), job.get_param("inner"))
DTYPE = jnp.dtype(job.get_param("dtype"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=job.get_param("op")),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pipe", "data"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
