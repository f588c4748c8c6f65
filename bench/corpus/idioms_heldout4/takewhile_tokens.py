"""A token list is split into sections with itertools.takewhile and dropwhile."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

TOKENS = ["axes", "data", "model", "--", "reduction", "add", "--", "vec", "4"]


def section(tokens, head):
    rest = itertools.dropwhile(lambda t: t != head, tokens)
    next(rest)
    return list(itertools.takewhile(lambda t: t != "--", rest))


def body(x_ref, y_ref):
    axes = tuple(section(TOKENS, "axes"))
    (reduction,) = section(TOKENS, "reduction")
    (vec,) = section(TOKENS, "vec")
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(vec)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
