"""The collective is chosen by a match statement on a mode string."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
MODE = "reduce"
AXES = ("x",)


def make_kernel(mode):
    match mode:
        case "reduce":
            def kernel(x_ref, y_ref):
                total = plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add")
                y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
        case "broadcast":
            def kernel(x_ref, y_ref):
                plgpu.multimem_store(x_ref[...], y_ref, AXES)
        case _:
            raise ValueError(mode)
    return kernel


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    call = plgpu.kernel(make_kernel(MODE), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
