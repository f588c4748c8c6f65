"""The axes to broadcast over chosen by a bit mask written in binary, int("11", 2), tested bit by bit."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_AXES = ("torus", "link")
MASK = int("11", 2)
SELECTED = tuple(name for bit, name in enumerate(MESH_AXES) if MASK >> bit & 1)
DTYPE = jnp.bfloat16


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=SELECTED)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), MESH_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
