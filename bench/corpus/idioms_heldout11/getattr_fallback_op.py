"""Overrides object whose __getattr__ falls back to a defaults dict for reduction_op and dtype."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DEFAULTS = {"op": "add", "dtype": jnp.float32, "vec": 4}


class Overrides:
    def __init__(self, **given):
        self.__dict__.update(given)

    def __getattr__(self, name):
        # Only called when normal lookup fails: anything not overridden comes from DEFAULTS.
        try:
            return DEFAULTS[name]
        except KeyError:
            raise AttributeError(name) from None


CFG = Overrides(op="or", dtype=jnp.int32)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("i",), reduction_op=CFG.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CFG.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("i",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, CFG.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, CFG.dtype)))
