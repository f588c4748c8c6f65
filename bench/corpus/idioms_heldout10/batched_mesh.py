"""A flat list of (name, size) is cut into mesh rows with itertools.batched (a recipe before 3.12)."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
try:
    batched = itertools.batched
except AttributeError:  # Python < 3.12: the itertools recipe
    def batched(iterable, n):
        it = iter(iterable)
        while chunk := tuple(itertools.islice(it, n)):
            yield chunk

FLAT = ["stage", 2, "shard", 4]
PAIRS = list(batched(FLAT, 2))
NAMES = tuple(name for name, _ in PAIRS)
SIZES = tuple(size for _, size in PAIRS)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=NAMES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, NAMES)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
