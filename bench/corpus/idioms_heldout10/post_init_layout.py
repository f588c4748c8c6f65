"""A dataclass derives the result layout from its fields in __post_init__."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass
class ReducePlan:
    rows: int = 128
    cols: int = 128
    vec: int = 4
    dtype: object = jnp.int32
    layout: object = dataclasses.field(init=False)

    def __post_init__(self):
        self.layout = plgpu.Layout.WG_STRIDED((self.rows, self.cols), vec_size=self.vec)


PLAN = ReducePlan(rows=256)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("ring",), reduction_op="xor"),
        PLAN.layout,
    )


if __name__ == "__main__":
    shape = (PLAN.rows, PLAN.cols)
    mesh = jax.make_mesh((2,), ("ring",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(shape, PLAN.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(shape, PLAN.dtype)))
