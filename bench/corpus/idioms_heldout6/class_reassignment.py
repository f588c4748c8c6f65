"""`obj.__class__ = Other`: an instance is re-classed, and its methods (semantics, layout) change with it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class WarpgroupPlan:
    axes = ("i",)

    def params(self):
        return plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup)

    def finish(self, value):
        return value


class LanePlan(WarpgroupPlan):
    def params(self):
        return plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)

    def finish(self, value):
        return plgpu.layout_cast(value, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))


plan = WarpgroupPlan()
plan.__class__ = LanePlan


def body(x_ref, y_ref):
    y_ref[...] = plan.finish(plgpu.multimem_load_reduce(x_ref, collective_axes=plan.axes, reduction_op="add"))


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("i",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plan.params())
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
