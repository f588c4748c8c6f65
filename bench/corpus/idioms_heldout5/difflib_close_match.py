"""User-typed axis names are corrected against the mesh's names with difflib.get_close_matches before
the collective uses them."""
import difflib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

MESH_AXES = ("replica", "partition")
TYPED = ["replcia", "partition"]
AXES = tuple(difflib.get_close_matches(name, MESH_AXES, n=1, cutoff=0.6)[0] for name in TYPED)
SHAPE = (256, 128)
DTYPE = jnp.int32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), MESH_AXES)
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
