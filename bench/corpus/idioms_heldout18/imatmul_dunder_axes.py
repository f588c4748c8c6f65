"""`plan @= ("delta", "levee")` calls `Plan.__imatmul__`, which binds the plan to those axes for the multicast copy."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Plan:
    def __init__(self, dtype, axes=()):
        self.dtype = dtype
        self.axes = axes

    def __imatmul__(self, axes):
        return Plan(self.dtype, tuple(axes))


plan = Plan(jnp.float32)
plan @= ("delta", "levee")


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, 3.0, plan.dtype)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, plan.axes))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("delta", "levee"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, plan.dtype),
        scratch_types=[plgpu.SMEM(SHAPE, plan.dtype)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, plan.dtype)))
