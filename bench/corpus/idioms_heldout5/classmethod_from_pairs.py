"""A classmethod alternative constructor builds the topology from (axis, size) pairs; the kernel reads
its attributes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Topology:
    def __init__(self, names, sizes):
        self.names = names
        self.sizes = sizes

    @classmethod
    def from_pairs(cls, pairs):
        return cls(tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))

    @classmethod
    def single(cls, name, size):
        return cls.from_pairs([(name, size)])


TOPO = Topology.from_pairs([("rows", 2), ("cols", 2)])


def body(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(y_ref.dtype, (128, 128), 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, TOPO.names)


if __name__ == "__main__":
    mesh = jax.make_mesh(TOPO.sizes, ("rows", "cols"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
