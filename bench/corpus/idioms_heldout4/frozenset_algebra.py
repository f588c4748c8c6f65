"""The collective spans every mesh axis not marked replicated-only: frozenset difference and union."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

MESH_AXES = ("batch", "heads", "seq")
REPLICATED_ONLY = frozenset({"seq"})
ALWAYS = frozenset({"seq"})


def collective_axes():
    chosen = (frozenset(MESH_AXES) - REPLICATED_ONLY) | ALWAYS
    return tuple(sorted(chosen))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=collective_axes(), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), ("batch", "heads", "seq"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
