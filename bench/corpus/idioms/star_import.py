"""Mosaic GPU names brought in with a star import (`kernel` below is plgpu.kernel)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas.mosaic_gpu import *  # noqa: F403

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def reduce_body(x_ref, y_ref):
    total = multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")  # noqa: F405
    y_ref[...] = layout_cast(total, Layout.WG_STRIDED(SHAPE, vec_size=4))  # noqa: F405


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = kernel(reduce_body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))  # noqa: F405
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
