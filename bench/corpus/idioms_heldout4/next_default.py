"""next() over a filtered generator finds the override for this dtype, with a default when none matches."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
OVERRIDES = [("float16", "max", 2), ("int32", "xor", 4)]
FALLBACK = ("add", 4)


def settings_for(dtype_name):
    return next(((op, vec) for name, op, vec in OVERRIDES if name == dtype_name), FALLBACK)


def make_body(dtype):
    reduction, vec = settings_for(jnp.dtype(dtype).name)

    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("s", "t"), reduction_op=reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
        )
    return body


if __name__ == "__main__":
    dtype = jnp.float32
    mesh = jax.make_mesh((2, 2), ("s", "t"))
    out = jax.ShapeDtypeStruct(SHAPE, dtype)
    call = plgpu.kernel(make_body(dtype), out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
