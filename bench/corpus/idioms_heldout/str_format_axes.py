"""Axis names built with str.split, str.join, %-formatting and str.format."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
AXIS_SPEC = "data,model"
MESH_AXES = tuple(AXIS_SPEC.split(","))
PREFIX = "%s" % "data"  # noqa: UP031 (the idiom)
MODEL = "{}".format("model")
STORE_AXES = tuple("/".join((PREFIX, MODEL)).split("/"))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=STORE_AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), MESH_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
