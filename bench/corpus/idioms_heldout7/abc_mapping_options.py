"""Options are a `collections.abc.Mapping` subclass; its mixin `.get` falls back on a KeyError."""
import collections.abc

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Options(collections.abc.Mapping):
    def __init__(self, text):
        self._items = dict(pair.split("=") for pair in text.split(";"))

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)


OPTIONS = Options("axis=wing;sharded=no")
SHARDED = OPTIONS.get("sharded", "yes") == "yes"


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2))
    plgpu.multimem_store(value, y_ref, (OPTIONS["axis"],))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("wing",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    if SHARDED:
        call = jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)
    print(jax.jit(call)(jnp.ones(SHAPE, jnp.int32)))
