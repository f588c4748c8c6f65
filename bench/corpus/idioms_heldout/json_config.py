"""Settings parsed with json.loads from a literal string (as if pasted from a config file)."""
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

RAW = '{"axes": ["x"], "op": "add", "vec_size": 4, "dtype": "float32", "shape": [256, 128]}'
CFG = json.loads(RAW)
AXES = tuple(CFG["axes"])
SHAPE = tuple(CFG["shape"])
DTYPE = jnp.dtype(CFG["dtype"])


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=CFG["op"])
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CFG["vec_size"]))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
