"""Per-run overrides sit over the defaults in a collections.ChainMap."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
DEFAULTS = {"vec": 4, "op": "add", "axes": ("x", "y"), "shape": (128, 128)}
OVERRIDES = {"vec": 2, "op": "and"}
SETTINGS = collections.ChainMap(OVERRIDES, DEFAULTS)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["op"]),
        plgpu.Layout.WG_STRIDED(SETTINGS["shape"], vec_size=SETTINGS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    shape = SETTINGS["shape"]
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(shape, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(shape, jnp.int32)))
