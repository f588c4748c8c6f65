"""A dataclass whose collective axes come from field(default_factory=...) builds the reduce-scatter."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def default_axes():
    return ["devices"]


@dataclasses.dataclass
class ScatterPlan:
    rows: int = 256
    cols: int = 128
    axes: list = dataclasses.field(default_factory=default_axes)
    vec_size: int = 4

    def collective_axes(self):
        return tuple(self.axes)


PLAN = ScatterPlan()


def reduce_scatter_kernel(x_ref, y_ref):
    n = lax.axis_size(PLAN.axes[0])
    rows = PLAN.rows // n
    part = x_ref.at[pl.ds(lax.axis_index(PLAN.axes[0]) * rows, rows)]
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(part, collective_axes=PLAN.collective_axes(), reduction_op="add"),
        plgpu.Layout.WG_STRIDED((rows, PLAN.cols), vec_size=PLAN.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("devices",))
    call = plgpu.kernel(
        reduce_scatter_kernel,
        out_type=jax.ShapeDtypeStruct((PLAN.rows // 2, PLAN.cols), jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones((PLAN.rows, PLAN.cols), jnp.float32)))
