"""A width object implements `__ifloordiv__`: `WIDTH //= VEC_SPLIT` narrows it in place before the layout reads it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 256)
VEC_SPLIT = 2


class Width:
    def __init__(self, lanes):
        self.lanes = lanes

    def __ifloordiv__(self, parts):
        self.lanes //= parts
        return self


WIDTH = Width(16)
WIDTH //= VEC_SPLIT


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("ait", "eyot"), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WIDTH.lanes),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("ait", "eyot"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
