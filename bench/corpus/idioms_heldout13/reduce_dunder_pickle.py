"""A collective spec is shipped through `pickle.dumps` / `pickle.loads`; its `__reduce__` rebuilds it."""
import pickle

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Spec:
    def __init__(self, *axes):
        self.axes = axes

    def __reduce__(self):
        return (Spec, self.axes)


SPEC = pickle.loads(pickle.dumps(Spec("stage", "shard")))


def broadcast_kernel(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(SPEC.axes[0]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, SPEC.axes)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("stage", "shard"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
