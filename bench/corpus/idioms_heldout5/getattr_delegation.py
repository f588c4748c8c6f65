"""A wrapper forwards unknown attributes to the config it wraps (__getattr__), overriding only the
reduction."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class BaseConfig:
    def __init__(self):
        self.axes = ("hosts", "chips")
        self.mesh_shape = (2, 2)
        self.dtype = jnp.float16
        self.reduction = "add"
        self.vec_size = 4
        self.semantics = plgpu.LoweringSemantics.Lane


class Override:
    def __init__(self, inner, **changes):
        self._inner = inner
        self._changes = changes

    def __getattr__(self, name):
        # Called only for names not found on the wrapper itself.
        if name in self._changes:
            return self._changes[name]
        return getattr(self._inner, name)


CFG = Override(BaseConfig(), reduction="min")
SHAPE = (256, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CFG.axes, reduction_op=CFG.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CFG.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(CFG.mesh_shape, ("hosts", "chips"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, CFG.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=CFG.semantics))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, CFG.dtype)))
