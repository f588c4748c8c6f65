"""The widest vector that fits 128 bits: max over a generator, with default= for the empty case."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPE = jnp.float32
CANDIDATE_WIDTHS = (1, 2, 4, 8, 16)


def widest(bits, limit=128):
    return max((w for w in CANDIDATE_WIDTHS if w * bits <= limit), default=1)


def body(x_ref, y_ref):
    bits = jnp.dtype(DTYPE).itemsize * 8
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("g",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=widest(bits)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("g",))
    out = jax.ShapeDtypeStruct(SHAPE, DTYPE)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
