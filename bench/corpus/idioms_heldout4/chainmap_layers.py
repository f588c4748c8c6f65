"""Settings are looked up through a ChainMap: command-line layer, site layer, built-in defaults."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

BUILTIN = {"reduction": "add", "vec_size": 4, "dtype": "float32", "axes": ("x",)}
SITE = {"axes": ("x", "y"), "vec_size": 2}
CLI = {"reduction": "max", "dtype": "bfloat16"}

settings = collections.ChainMap(CLI, SITE, BUILTIN)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=settings["axes"], reduction_op=settings["reduction"]
        ),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=settings["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.dtype(settings["dtype"]))
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
