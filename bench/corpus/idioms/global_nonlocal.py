"""Module state updated through `global`, and a factory that rebinds with `nonlocal`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXIS_NAME = "x"


def configure(axis_name):
    global AXIS_NAME
    AXIS_NAME = axis_name


def make_kernel():
    op = "min"

    def use_sum():
        nonlocal op
        op = "add"

    use_sum()

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS_NAME,), reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))

    return kernel


if __name__ == "__main__":
    configure("devices")
    mesh = jax.make_mesh((2,), (AXIS_NAME,))
    call = plgpu.kernel(make_kernel(), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
