"""Settings in a dict subclass whose __missing__ falls back to a defaults table for keys the user left out."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DEFAULTS = {"axes": ("x",), "reduction": "add", "vec": 4, "dtype": jnp.float32}


class Settings(dict):
    def __missing__(self, key):
        return DEFAULTS[key]


SETTINGS = Settings(axes=("fleet",), vec=2)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SETTINGS["axes"],
                                   reduction_op=SETTINGS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("fleet",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, SETTINGS["dtype"]))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, SETTINGS["dtype"])))
