"""An abstract base collective; concrete subclasses implement the abstract hooks."""
import abc

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Collective(abc.ABC):
    axes = ("x",)

    @abc.abstractmethod
    def reduction(self) -> str:
        ...

    @property
    @abc.abstractmethod
    def dtype(self):
        ...

    def vec_size(self):
        return 4

    def body(self, x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=self.axes, reduction_op=self.reduction())
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=self.vec_size()))

    def run(self, x, mesh):
        call = plgpu.kernel(self.body, out_type=jax.ShapeDtypeStruct(SHAPE, self.dtype))
        return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


class IntMax(Collective):
    def reduction(self):
        return "max"

    @property
    def dtype(self):
        return jnp.int32


class HalfSum(Collective):
    def reduction(self):
        return "add"

    @property
    def dtype(self):
        return jnp.float16

    def vec_size(self):
        return 8


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    for impl in (IntMax(), HalfSum()):
        print(impl.run(jnp.ones(SHAPE, impl.dtype), mesh))
