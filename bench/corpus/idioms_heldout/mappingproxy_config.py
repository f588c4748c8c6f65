"""A read-only config (types.MappingProxyType) read with [] and .get()."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

_DEFAULTS = {"axes": ("x",), "op": "or", "vec_size": 4, "shape": (256, 128)}
CONFIG = types.MappingProxyType(_DEFAULTS)


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(
        x_ref, collective_axes=CONFIG["axes"], reduction_op=CONFIG.get("op", "add"))
    y_ref[...] = plgpu.layout_cast(
        total, plgpu.Layout.WG_STRIDED(CONFIG["shape"], vec_size=CONFIG["vec_size"]))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), CONFIG["axes"])
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(CONFIG["shape"], jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(CONFIG["shape"], jnp.int32)))
