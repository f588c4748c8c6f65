"""Everything happens in main(), called from the __main__ guard through sys.exit."""
import sys

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def ramp_kernel(y_ref):
    ramp = lax.broadcasted_iota(jnp.int32, SHAPE, 0)
    ramp = plgpu.layout_cast(ramp, plgpu.Layout.WGMMA)
    plgpu.multimem_store(ramp, y_ref, "x")


def main(argv=None) -> int:
    mesh = jax.make_mesh((2,), ("x",))
    params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
    call = plgpu.kernel(ramp_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32), compiler_params=params)
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
    return 0


if __name__ == "__main__":
    sys.exit(main())
