"""A dict subclass with __missing__ supplies the vector width of dtypes nobody listed."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class VecTable(dict):
    """Widths per dtype name; an unlisted dtype gets 128 bits' worth of elements."""

    def __missing__(self, name):
        width = 128 // (jnp.dtype(name).itemsize * 8)
        self[name] = width
        return width


VEC = VecTable({"int32": 2})


def make_body(dtype_name):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="min"),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC[dtype_name]),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for name in ("int32", "bfloat16"):
        dtype = jnp.dtype(name)
        call = plgpu.kernel(
            make_body(name),
            out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, dtype)))
