"""An axis registry with its own `__delitem__`: `del registry["pipe"]` drops the pipeline axis."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AxisRegistry:
    def __init__(self):
        self._order = []
        self._sizes = {}

    def __setitem__(self, name, size):
        if name not in self._sizes:
            self._order.append(name)
        self._sizes[name] = size

    def __delitem__(self, name):
        self._order.remove(name)
        del self._sizes[name]

    def __iter__(self):
        return iter(self._order)


registry = AxisRegistry()
registry["pipe"] = 2
registry["data"] = 2
registry["tensor"] = 2
del registry["pipe"]
AXES = tuple(registry)


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "tensor"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
