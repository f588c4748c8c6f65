"""A typing.TypedDict mesh description; math.prod of its sizes is checked against the devices used."""
import math
from typing import TypedDict

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class MeshDict(TypedDict):
    names: tuple
    sizes: tuple
    vec: int


DESCRIPTION: MeshDict = {"names": ("group", "member"), "sizes": (2, 2), "vec": 8}
assert math.prod(DESCRIPTION["sizes"]) <= jax.device_count()


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=DESCRIPTION["names"], reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=DESCRIPTION["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(DESCRIPTION["sizes"], DESCRIPTION["names"])
    out = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(kernel, out_type=out, compiler_params=plgpu.CompilerParams(
        lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
