"""A config object whose attributes come from a dict through __getattr__."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Config:
    def __init__(self, **values):
        self._values = values

    def __getattr__(self, name):
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None


CFG = Config(axes=("x",), op="add", vec_size=4, shape=(256, 128), dtype=jnp.float32)


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=CFG.axes, reduction_op=CFG.op)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(CFG.shape, vec_size=CFG.vec_size))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), CFG.axes)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(CFG.shape, CFG.dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(CFG.shape, CFG.dtype)))
