"""A collections.namedtuple of launch settings, specialised with _replace for the bf16 variant."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
Launch = collections.namedtuple("Launch", "axes reduction vec dtype shape")
BASE = Launch(("zone",), "add", 4, jnp.float32, (128, 128))
BF16 = BASE._replace(dtype=jnp.bfloat16, vec=8, reduction="max")


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=BF16.axes, reduction_op=BF16.reduction),
        plgpu.Layout.WG_STRIDED(BF16.shape, vec_size=BF16.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("zone",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(BF16.shape, BF16.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(BF16.shape, BF16.dtype)))
