"""Options assembled by cooperative super().__init__ calls through a diamond of mixins (the MRO decides
who sets what last)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Options:
    def __init__(self, **kw):
        self.axes = ()
        self.reduction = "add"
        self.vec_size = 1


class MeshMixin(Options):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.axes += ("replica",)


class IntMixin(Options):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.reduction = "or"
        self.vec_size = 2


class WideMixin(Options):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.vec_size = 4


class KernelOptions(MeshMixin, WideMixin, IntMixin):
    """MRO: KernelOptions, MeshMixin, WideMixin, IntMixin, Options: WideMixin's width wins over IntMixin's."""


OPTS = KernelOptions()
SHAPE = (128, 128)
DTYPE = jnp.uint32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=OPTS.axes, reduction_op=OPTS.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=OPTS.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("replica",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
