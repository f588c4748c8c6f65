"""Launches without jax.jit: the check lowers them like jitted calls."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def allreduce_kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(allreduce_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    x = jnp.ones(SHAPE, jnp.float32)
    ok = jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)(x)
    no_mesh = call(x)
    print(ok.shape, no_mesh.shape)
