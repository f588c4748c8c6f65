"""A launch config shipped as base64-encoded JSON (as from an environment variable), decoded at import."""
import base64
import json

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
ENCODED = base64.b64encode(json.dumps({"axes": ["dcn", "ici"], "sizes": [2, 2]}).encode()).decode()
CONFIG = json.loads(base64.b64decode(ENCODED))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=tuple(CONFIG["axes"]))


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(CONFIG["sizes"]), tuple(CONFIG["axes"]))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
