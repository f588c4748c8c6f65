"""Overrides are merged into a settings object with `|=` (custom `__ior__`), last writer wins."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Settings:
    def __init__(self):
        self.values = {"axes": ("x",), "op": "add", "vec": 4, "dtype": "float32"}

    def __ior__(self, overrides):
        for key, value in overrides:
            self.values[key] = value
        return self


settings = Settings()
settings |= [("dtype", "bfloat16"), ("vec", 8)]
settings |= [("op", "max")]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=settings.values["axes"], reduction_op=settings.values["op"]
        ),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=settings.values["vec"]),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(settings.values["dtype"])
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
