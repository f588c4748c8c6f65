"""A plan's hand-written `__deepcopy__` hands back a copy with the release settings (dtype, op, layout, semantics)."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Plan:
    def __init__(self, dtype, reduction, layout, semantics):
        self.dtype, self.reduction, self.layout, self.semantics = dtype, reduction, layout, semantics

    def __deepcopy__(self, memo):
        return Plan(
            jnp.int32,
            "or",
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
            plgpu.LoweringSemantics.Lane,
        )


DRAFT = Plan(jnp.float32, "and", None, plgpu.LoweringSemantics.Warpgroup)
PLAN = copy.deepcopy(DRAFT)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("tor", "combe"), reduction_op=PLAN.reduction),
        PLAN.layout,
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tor", "combe"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, PLAN.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=PLAN.semantics),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, PLAN.dtype)))
