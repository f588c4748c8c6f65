"""Parameters checked with assert before use (type and membership narrowing)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
VALID_OPS = frozenset({"add", "min", "max"})


def make_kernel(axes, op, vec_size):
    assert isinstance(axes, tuple), axes
    assert op in VALID_OPS, f"bad op {op}"
    assert vec_size > 0 and vec_size & (vec_size - 1) == 0

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    return kernel


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(make_kernel(("x",), "min", 8), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
