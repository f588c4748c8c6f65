"""Class attributes are defaults; one instance shadows them with instance attributes, the other does not."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Job:
    axes = ("x",)
    reduction = "min"
    vec_size = 4

    def __init__(self, wide=False):
        if wide:
            self.axes = ("x", "y")
            self.reduction = "add"


default_job = Job()
job = Job(wide=True)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=job.axes, reduction_op=job.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=job.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
