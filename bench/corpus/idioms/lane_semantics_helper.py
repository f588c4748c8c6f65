"""Lane semantics requested through a helper; the iota needs its layout_cast right away."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def lane_params():
    return plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)


def kernel(y_ref):
    ramp = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WGMMA)
    plgpu.multimem_store(ramp, y_ref, "x")


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32), compiler_params=lane_params())
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
