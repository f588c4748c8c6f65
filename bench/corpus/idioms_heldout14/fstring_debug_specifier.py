"""The launch log line is written with f-string `=` specifiers (`f"{op=!s}"`) and parsed back into settings."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)

op = "max"
vec = 8
dtype_name = "float16"
LOG_LINE = f"{op=!s} {vec=} {dtype_name=!s}"
SETTINGS = dict(field.split("=", 1) for field in LOG_LINE.split())
DTYPE = jnp.dtype(SETTINGS["dtype_name"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("spine", "leaf"), reduction_op=SETTINGS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(SETTINGS["vec"])),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("spine", "leaf"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
