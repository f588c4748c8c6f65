"""A decorator factory (functools.wraps) binds the collective axes into the kernel body it wraps."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def collective(*axes):
    def decorate(body):
        @functools.wraps(body)
        def wrapped(*refs):
            return body(*refs, axes=axes)
        return wrapped
    return decorate


@collective("rows", "cols")
def broadcast_kernel(y_ref, *, axes):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)

    @pl.when(lax.axis_index(axes[0]) + lax.axis_index(axes[1]) == 0)
    def _():
        plgpu.multimem_store(tile, y_ref, axes)


if __name__ == "__main__":
    assert broadcast_kernel.__name__ == "broadcast_kernel"
    mesh = jax.make_mesh((2, 2), ("rows", "cols"))
    call = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
