"""A launch plan is duplicated with `copy.copy`, which goes through its `__getstate__` / `__setstate__`."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Plan:
    def __init__(self, axes, op, dtype):
        self.axes, self.op, self.dtype = axes, op, dtype

    def __getstate__(self):
        return {"axes": self.axes, "op": self.op, "dtype": self.dtype}

    def __setstate__(self, state):
        self.axes = tuple(state["axes"])
        self.op = state["op"]
        self.dtype = jnp.dtype(state["dtype"])


template = Plan(["x"], "add", "bfloat16")
plan = copy.copy(template)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=plan.axes, reduction_op=plan.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, plan.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, plan.dtype)))
