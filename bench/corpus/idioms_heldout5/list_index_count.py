"""list.index and list.count over a per-device placement list give the mesh sizes; the axis order is
the list's order."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

# One entry per device: the axis that device's group belongs to.
PLACEMENT = ["left", "left", "right", "right"]
AXES = ("left", "right")
FIRST = PLACEMENT.index("right")             # 2 devices before the first "right"
SIZES = (FIRST, PLACEMENT.count("right"))    # (2, 2)
SHAPE = (256, 128)
DTYPE = jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("left", "right"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
