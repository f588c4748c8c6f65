"""An instance attribute set in `__init__` shadows the class attribute of the same name: the job reduces with "add", not the class default."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Job:
    axes = ("cliff", "cove")
    reduction = "max"

    def __init__(self, reduction):
        self.reduction = reduction


JOB = Job("add")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=JOB.axes, reduction_op=JOB.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("cliff", "cove"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
