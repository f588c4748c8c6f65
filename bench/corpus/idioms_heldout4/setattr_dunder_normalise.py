"""An options class overrides __setattr__: every list assigned to it is stored as a tuple."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Frozenish:
    def __setattr__(self, name, value):
        if isinstance(value, list):
            value = tuple(value)
        super().__setattr__(name, value)


opts = Frozenish()
opts.axes = ["dp", "ep"]
opts.reduction = "add"
opts.vec_size = 4


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=opts.axes, reduction_op=opts.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=opts.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "ep"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
