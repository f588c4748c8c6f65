"""Each setting may be a value or a zero-argument factory; `callable()` decides whether to call it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def default_axes():
    return ("u", "v")


RAW = {"axes": default_axes, "op": "and", "dtype": lambda: jnp.int32, "vec": 4}
RESOLVED = {key: value() if callable(value) else value for key, value in RAW.items()}


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=RESOLVED["axes"], reduction_op=RESOLVED["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=RESOLVED["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("u", "v"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, RESOLVED["dtype"]),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, RESOLVED["dtype"])))
