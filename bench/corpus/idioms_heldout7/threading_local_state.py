"""Per-thread launch state lives in a `threading.local()`; its `sharded` flag decides the launch."""
import threading

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
state = threading.local()
state.sharded = False
state.axes = ("blk",)


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8))
    plgpu.multimem_store(value, y_ref, state.axes)


def launch(mesh):
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16))
    if getattr(state, "sharded", True):
        return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    return jax.jit(call)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("blk",))
    print(launch(mesh)(jnp.ones(SHAPE, jnp.float16)))
