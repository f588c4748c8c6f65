"""Reductions declared as a typing.Literal; typing.get_args validates the requested one."""
import typing

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
Reduction = typing.Literal["add", "min", "max"]
ALLOWED = typing.get_args(Reduction)
REQUESTED: Reduction = ALLOWED[0]
assert REQUESTED in ALLOWED


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("pp",), reduction_op=REQUESTED),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("pp",))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
