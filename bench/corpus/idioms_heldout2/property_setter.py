"""Settings validated through a property with a setter; the kernel reads the property."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Reducer:
    def __init__(self):
        self._op = "add"
        self.axes = ("x",)

    @property
    def op(self):
        return self._op

    @op.setter
    def op(self, value):
        self._op = value.lower()


def make_kernel(reducer):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=reducer.axes, reduction_op=reducer.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))

    return kernel


if __name__ == "__main__":
    reducer = Reducer()
    reducer.op = "ADD"
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(make_kernel(reducer), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
