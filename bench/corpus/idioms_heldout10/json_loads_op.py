"""A JSON config literal carries the reduction, dtype name and axes."""
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CONFIG = json.loads('{"op": "max", "dtype": "bfloat16", "axes": ["x", "y"], "vec": 4, "shape": [128, 128]}')
SHAPE = tuple(CONFIG["shape"])
DTYPE = jnp.dtype(CONFIG["dtype"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(CONFIG["axes"]), reduction_op=CONFIG["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), tuple(CONFIG["axes"]))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
