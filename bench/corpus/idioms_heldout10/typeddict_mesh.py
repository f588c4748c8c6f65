"""A typing.TypedDict describes the mesh; the launch reads its keys."""
from typing import TypedDict

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class MeshSpec(TypedDict):
    shape: tuple
    axes: tuple
    semantics: object


SPEC: MeshSpec = {
    "shape": (2, 4),
    "axes": ("host", "device"),
    "semantics": plgpu.LoweringSemantics.Warpgroup,
}


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SPEC["axes"], reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SPEC["shape"], SPEC["axes"])
    params = plgpu.CompilerParams(lowering_semantics=SPEC["semantics"])
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32), compiler_params=params)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
