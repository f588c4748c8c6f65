"""Mesh levels are numbered with enumerate(start=1); the collective takes every level up to a rank."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
LEVELS = ["rack", "host"]
UP_TO_LEVEL = 2


def axes_up_to(level):
    ranked = {rank: name for rank, name in enumerate(LEVELS, start=1)}
    return tuple(ranked[r] for r in range(1, level + 1))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes_up_to(UP_TO_LEVEL), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rack", "host"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float16)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
