"""A metaclass `__getattr__` serves class attributes the settings class never defined from defaults."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Defaulted(type):
    def __getattr__(cls, name):
        try:
            return cls._defaults[name]
        except KeyError:
            raise AttributeError(name) from None


class Settings(metaclass=Defaulted):
    _defaults = {  # noqa: RUF012
        "reduction": "add", "dtype": jnp.float32, "vec_size": 4, "axes": ("slice",)}
    dtype = jnp.float16
    vec_size = 8


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Settings.axes, reduction_op=Settings.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Settings.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("slice",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, Settings.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, Settings.dtype)))
