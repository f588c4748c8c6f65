"""A decorator expression `@(lambda build: build())` (PEP 614) binds the name to the function's result."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@(lambda build: build())
def SETTINGS():
    return {"axes": ("expert",), "reduction": "max", "dtype": jnp.float16, "vec_size": 2}


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("expert",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, SETTINGS["dtype"]),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, SETTINGS["dtype"])))
