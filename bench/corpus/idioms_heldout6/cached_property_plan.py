"""`functools.cached_property` computes the layout once from the instance's dtype and keeps it."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Plan:
    def __init__(self, axes, dtype):
        self.axes = axes
        self.dtype = dtype

    @functools.cached_property
    def vec_size(self):
        return 128 // (jnp.dtype(self.dtype).itemsize * 8)

    @functools.cached_property
    def layout(self):
        return plgpu.Layout.WG_STRIDED(SHAPE, vec_size=self.vec_size)


plan = Plan(("grp",), jnp.float32)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=plan.axes, reduction_op="add"),
        plan.layout,
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("grp",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, plan.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, plan.dtype)))
