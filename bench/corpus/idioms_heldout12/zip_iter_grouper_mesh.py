"""A flat name/size list is paired by `zip(*[iter(flat)] * 2)` (one shared iterator): mesh and axes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
FLAT = ["node", 2, "gpu", 2]
PAIRS = list(zip(*[iter(FLAT)] * 2, strict=True))
AXES = tuple(name for name, _ in PAIRS)
SIZES = tuple(size for _, size in PAIRS)


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("node", "gpu"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
