"""A `total=False` TypedDict describes the launch; its `__optional_keys__` say which settings fall back to defaults."""
from typing import TypedDict

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Launch(TypedDict, total=False):
    axes: tuple
    op: str
    vec: int


DEFAULTS = {"axes": ("dp", "tp"), "op": "add", "vec": 4}
USER: Launch = {"op": "max"}
SETTINGS = {key: USER.get(key, DEFAULTS[key]) for key in Launch.__optional_keys__}


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
