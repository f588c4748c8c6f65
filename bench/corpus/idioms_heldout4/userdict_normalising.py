"""A UserDict subclass normalises what is stored: keys lower-cased, list values frozen into tuples."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Options(collections.UserDict):
    def __setitem__(self, key, value):
        if isinstance(value, list):
            value = tuple(value)
        super().__setitem__(key.lower(), value)


opts = Options()
opts["Collective_Axes"] = ["dp", "mp"]
opts["Reduction"] = "add"
opts["VEC_SIZE"] = 4


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=opts["collective_axes"], reduction_op=opts["reduction"]
        ),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=opts["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "mp"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
