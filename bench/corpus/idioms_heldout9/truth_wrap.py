"""Whether to launch under shard_map is `operator.truth` of the configured mesh shape."""
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

MESH_SHAPE = (2, 2)
DISTRIBUTED = operator.truth(MESH_SHAPE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(MESH_SHAPE, ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    if DISTRIBUTED:
        call = jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)
    run = jax.jit(call)
    print(run(jnp.ones(SHAPE, jnp.float32)))
