"""Settings layered with collections.ChainMap (overrides over defaults) and a defaultdict."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
DEFAULTS = {"op": "add", "vec_size": 4, "axes": ("x",), "shape": (256, 128)}
OVERRIDES = {"vec_size": 2}
SETTINGS = collections.ChainMap(OVERRIDES, DEFAULTS)
COUNTS = collections.defaultdict(int)


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(
        x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["op"])
    layout = plgpu.Layout.WG_STRIDED(SETTINGS["shape"], vec_size=SETTINGS["vec_size"])
    y_ref[...] = plgpu.layout_cast(total, layout)


if __name__ == "__main__":
    COUNTS["launches"] += 1
    mesh = jax.make_mesh((2,), SETTINGS["axes"])
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SETTINGS["shape"], jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SETTINGS["shape"], jnp.float32)))
