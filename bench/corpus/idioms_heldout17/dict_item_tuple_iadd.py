"""`PLAN["axes"] += ("reef",)` rebinds the dict item to a new, longer tuple: the multicast axes grow by one."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PLAN = {"axes": ("isle",), "dtype": jnp.float32}
PLAN["axes"] += ("reef",)


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.full(SHAPE, 1.0, PLAN["dtype"])
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, PLAN["axes"]))
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("isle", "reef"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, PLAN["dtype"]),
        scratch_types=[plgpu.SMEM(SHAPE, PLAN["dtype"])],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, PLAN["dtype"])))
