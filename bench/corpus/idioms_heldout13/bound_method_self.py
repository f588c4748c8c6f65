"""A callback registry stores bound methods; the config is recovered from the method's `__self__`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Reduction:
    def __init__(self, axes, op, dtype):
        self.axes, self.op, self.dtype = axes, op, dtype

    def on_launch(self):
        return self.op


CALLBACKS = {"launch": Reduction(("a", "b"), "or", jnp.int32).on_launch}
CONFIG = CALLBACKS["launch"].__self__


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CONFIG.axes, reduction_op=CALLBACKS["launch"]()),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("a", "b"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, CONFIG.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, CONFIG.dtype)))
