"""Settings looked up with try/except KeyError falling back to defaults."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
USER = {"op": "add"}
DEFAULTS = {"op": "max", "vec_size": 4}


def setting(name):
    try:
        return USER[name]
    except KeyError:
        return DEFAULTS[name]


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=setting("op"))
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=setting("vec_size")))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
