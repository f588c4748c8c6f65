"""typing.cast marks a loosely typed config value as the axes tuple; cast returns its argument unchanged."""
from typing import Any, cast

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

RAW: dict[str, Any] = {"axes": ("alpha", "beta"), "reduction": "and", "vec_size": 2}
AXES = cast(tuple[str, ...], RAW["axes"])
REDUCTION = cast(str, RAW["reduction"])
VEC = cast(int, RAW["vec_size"])
SHAPE = (128, 256)
DTYPE = jnp.uint32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("alpha", "beta"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
