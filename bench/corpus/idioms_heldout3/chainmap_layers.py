"""Settings resolved through collections.ChainMap layers: command line over user file over defaults."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DEFAULTS = {"axes": ("x",), "reduction": "add", "vec": 4, "dtype": jnp.float32}
USER_FILE = {"axes": ("fleet",)}
COMMAND_LINE = {"vec": 2}
SETTINGS = collections.ChainMap(COMMAND_LINE, USER_FILE, DEFAULTS)


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
