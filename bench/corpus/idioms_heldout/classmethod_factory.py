"""Settings made by classmethod factories (alternative constructors)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Settings:
    def __init__(self, axes, op, dtype, vec_size, shape=(256, 128)):
        self.axes = axes
        self.op = op
        self.dtype = dtype
        self.vec_size = vec_size
        self.shape = shape

    @classmethod
    def for_dtype(cls, dtype, op="add"):
        return cls(("x",), op, dtype, 16 // jnp.dtype(dtype).itemsize)

    @classmethod
    def default(cls):
        return cls.for_dtype(jnp.float32)


def make_kernel(s):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=s.axes, reduction_op=s.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(s.shape, vec_size=s.vec_size))

    return kernel


if __name__ == "__main__":
    s = Settings.default()
    mesh = jax.make_mesh((2,), s.axes)
    call = plgpu.kernel(make_kernel(s), out_type=jax.ShapeDtypeStruct(s.shape, s.dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(s.shape, s.dtype)))
