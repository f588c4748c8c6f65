"""A topology class whose __iter__ yields its axis names; tuple(topology) is the collective_axes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Topology:
    def __init__(self, **sizes):
        self.sizes = sizes

    def __iter__(self):
        yield from self.sizes

    def shape(self):
        return tuple(self.sizes.values())


TOPO = Topology(data=2, model=2)


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)

    @pl.when((lax.axis_index("data") == 0) & (lax.axis_index("model") == 0))
    def _():
        plgpu.multimem_store(tile, y_ref, tuple(TOPO))


if __name__ == "__main__":
    mesh = jax.make_mesh(TOPO.shape(), ("data", "model"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
