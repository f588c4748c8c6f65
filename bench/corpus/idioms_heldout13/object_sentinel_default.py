"""Missing options are detected with a module-level `object()` sentinel and filled from a fallback table."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
_MISSING = object()
FALLBACK = {"op": "add", "dtype": "bfloat16", "vec": 8}
USER = {"op": None, "axes": ("x",)}


def option(name):
    value = USER.get(name, _MISSING)
    return FALLBACK[name] if value is _MISSING else value


OP = option("op") or FALLBACK["op"]
DTYPE = jnp.dtype(option("dtype"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=option("axes"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=option("vec")),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
