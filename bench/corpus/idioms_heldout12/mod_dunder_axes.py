"""An axis-name pattern formats itself with `%` (custom `__mod__`): `Names("tp{}") % range(2)`."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Names:
    def __init__(self, pattern):
        self.pattern = pattern

    def __mod__(self, items):
        return tuple(self.pattern.format(item) for item in items)


AXES = Names("tp{}") % range(2)


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tp0", "tp1"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
