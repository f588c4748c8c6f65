"""A settings class overrides `__delattr__` so that `del settings.op` restores the default instead of removing it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Settings:
    DEFAULTS = {"op": "max", "vec": 8, "dtype": jnp.bfloat16}

    def __init__(self, **overrides):
        for name, default in self.DEFAULTS.items():
            setattr(self, name, overrides.get(name, default))

    def __delattr__(self, name):
        object.__setattr__(self, name, self.DEFAULTS[name])


SETTINGS = Settings(op="add", vec=2)
del SETTINGS.op
del SETTINGS.vec


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("slice", "core"), reduction_op=SETTINGS.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("slice", "core"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, SETTINGS.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, SETTINGS.dtype)))
