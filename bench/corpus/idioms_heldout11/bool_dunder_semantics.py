"""A debug switch object whose __bool__ decides the lowering semantics of the all-reduce."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class LaneMode:
    """Truthy when the kernel should be lowered thread by thread (Lane)."""

    def __init__(self, reasons):
        self.reasons = list(reasons)

    def __bool__(self):
        return bool(self.reasons)


LANE = LaneMode(["explicit layouts below"])


def semantics():
    if LANE:
        return plgpu.LoweringSemantics.Lane
    return plgpu.LoweringSemantics.Warpgroup


def allreduce_kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


def build(mesh):
    kernel = plgpu.kernel(
        allreduce_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=semantics()),
    )
    return jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    print(build(mesh)(jnp.ones(SHAPE, jnp.float32)))
