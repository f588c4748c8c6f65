"""A leader device chosen with lax.axis_index / axis_size, inside pl.when, over a config dict."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SETTINGS = {"axis": "devices", "leader": 0, "shape": (128, 128)}


def kernel(x_ref, y_ref):
    axis = SETTINGS["axis"]
    is_leader = lax.axis_index(axis) == SETTINGS["leader"] % lax.axis_size(axis)

    @pl.when(is_leader)
    def _():
        plgpu.multimem_store(x_ref[...], y_ref, (axis,))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (SETTINGS["axis"],))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SETTINGS["shape"], jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SETTINGS["shape"], jnp.float32)))
