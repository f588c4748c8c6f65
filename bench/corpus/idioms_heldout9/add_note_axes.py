"""A lookup failure carries the axes to use in its `__notes__` (`add_note`); the handler reads them."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

PRESETS = {"pod": "x y z"}


def axes_for(name):
    try:
        return tuple(PRESETS[name].split())
    except KeyError as error:
        error.add_note("rows")
        error.add_note("cols")
        raise


try:
    AXES = axes_for("slice")
except KeyError as error:
    AXES = tuple(error.__notes__)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rows", "cols"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
