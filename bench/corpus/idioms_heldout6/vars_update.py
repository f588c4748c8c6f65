"""`vars(obj).update(...)` overwrites an object's fields from a dict of overrides."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Settings:
    def __init__(self):
        self.axes = ("data",)
        self.reduction = "min"
        self.dtype = jnp.float16
        self.vec_size = 8


OVERRIDES = {"axes": ("data", "expert"), "reduction": "max"}
settings = Settings()
vars(settings).update(OVERRIDES)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=settings.axes, reduction_op=settings.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=settings.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "expert"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, settings.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, settings.dtype)))
