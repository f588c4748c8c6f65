"""A plan's hand-written `__copy__` freezes the axis list into a tuple; the kernel uses `copy.copy(BASE)`."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Plan:
    def __init__(self, axes, reduction, vec_size, dtype):
        self.axes = axes
        self.reduction = reduction
        self.vec_size = vec_size
        self.dtype = dtype

    def __copy__(self):
        clone = Plan.__new__(Plan)
        clone.__dict__.update(self.__dict__)
        clone.axes = tuple(self.axes)
        return clone


BASE = Plan(["dp", "tp"], "add", 2, jnp.float32)
PLAN = copy.copy(BASE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PLAN.axes, reduction_op=PLAN.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PLAN.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, PLAN.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, PLAN.dtype)))
