"""Whether to shard is bit 0 of a flags byte made with `int.to_bytes` and read back with indexing."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

FLAGS = (6).to_bytes(1, "big")
WRAP = bool(FLAGS[0] & 1)
AXES = ("x", "y")


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    sharded = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    run = sharded if WRAP else jax.jit(call)
    print(run(jnp.ones(SHAPE, jnp.int32)))
