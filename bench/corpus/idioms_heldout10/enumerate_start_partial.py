"""enumerate(start=1) numbers the axes; the shard_map is manual over the first, the collective names all."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
NUMBERED = dict(enumerate(("x", "y"), start=1))
MANUAL = {NUMBERED[1]}
ALL_AXES = tuple(NUMBERED[k] for k in sorted(NUMBERED))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=ALL_AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ALL_AXES)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), axis_names=MANUAL,
                                check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
