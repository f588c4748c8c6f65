"""A 2-D mesh shape from divmod of the device count by the devices per host."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DEVICES = 4
PER_HOST = 2
HOSTS, LEFTOVER = divmod(DEVICES, PER_HOST)
assert LEFTOVER == 0
AXES = ("hosts", "local")


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((HOSTS, PER_HOST), AXES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type,
                        grid=(PER_HOST,), grid_names=("blocks",))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
