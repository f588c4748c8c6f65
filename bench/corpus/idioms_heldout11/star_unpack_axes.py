"""Star-unpacking splits the leading (pipeline) axis from the rest; the copy is multicast to all of them."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
MESH_AXES = ("stage", "data", "model")
LEAD, *REST = MESH_AXES


def fan_out_kernel(x_ref, y_ref, smem):
    smem[...] = jnp.zeros(SHAPE, jnp.bfloat16)
    plgpu.commit_smem()

    @pl.when(lax.axis_index(LEAD) == 0)
    def _():
        plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, (LEAD, *REST)))

    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), ("stage", "data", "model"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.bfloat16)],
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
