"""A small `re.finditer` tokenizer with named alternatives; `match.lastgroup` tells each token's kind."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TOKEN = re.compile(r"(?P<axis>@\w+)|(?P<width>\d+)|(?P<skip>\s+)")
SPEC = "@fleet @rank 4"

AXES = []
WIDTH = 1
for match in TOKEN.finditer(SPEC):
    if match.lastgroup == "axis":
        AXES.append(match.group()[1:])
    elif match.lastgroup == "width":
        WIDTH = int(match.group())
AXES = tuple(AXES)


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WIDTH))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("fleet", "ranks"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
