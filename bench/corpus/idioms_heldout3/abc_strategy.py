"""An abc.ABC collective strategy; the concrete subclass supplies the axes and the reduction."""
import abc

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Strategy(abc.ABC):
    vec_size = 4

    @property
    @abc.abstractmethod
    def axes(self): ...

    @abc.abstractmethod
    def reduction(self): ...

    def kernel(self):
        def body(x_ref, y_ref):
            y_ref[...] = plgpu.layout_cast(
                plgpu.multimem_load_reduce(x_ref, collective_axes=self.axes, reduction_op=self.reduction()),
                plgpu.Layout.WG_STRIDED(SHAPE, vec_size=self.vec_size),
            )
        return body


class RowSum(Strategy):
    @property
    def axes(self):
        return ("row", "col")

    def reduction(self):
        return "add"


if __name__ == "__main__":
    strategy = RowSum()
    mesh = jax.make_mesh((2, 2), ("row", "col"))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(strategy.kernel(), out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
