"""Collective requests as dataclasses dispatched with `match` class patterns."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


@dataclasses.dataclass(frozen=True)
class AllReduce:
    axes: tuple
    op: str = "add"


@dataclasses.dataclass(frozen=True)
class Broadcast:
    axes: tuple


def make_kernel(request):
    match request:
        case AllReduce(axes=axes, op=op):
            def kernel(x_ref, y_ref):
                total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=op)
                y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8))
        case Broadcast(axes):
            def kernel(x_ref, y_ref):
                plgpu.multimem_store(x_ref[...], y_ref, axes)
        case _:
            raise TypeError(request)
    return kernel


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    for request in (AllReduce(("x",), "max"), Broadcast(("x",))):
        call = plgpu.kernel(make_kernel(request), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16))
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, jnp.bfloat16)))
