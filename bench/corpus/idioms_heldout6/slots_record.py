"""A `__slots__` class holds the reduction plan; its fields are set in `__init__` and read by a method."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class ReducePlan:
    __slots__ = ("axes", "op", "vec_size")

    def __init__(self, axes, op, vec_size):
        self.axes = axes
        self.op = op
        self.vec_size = vec_size

    def layout(self):
        return plgpu.Layout.WG_STRIDED(SHAPE, vec_size=self.vec_size)


plan = ReducePlan(("hosts", "gpus"), op="max", vec_size=4)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=plan.axes, reduction_op=plan.op),
        plan.layout(),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("hosts", "gpus"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
