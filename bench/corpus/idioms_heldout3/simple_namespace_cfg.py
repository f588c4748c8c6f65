"""Settings in a types.SimpleNamespace, copied through vars() and one field overridden on the copy."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BASE = types.SimpleNamespace(axis="replicas", devices=2, dtype=jnp.float32, op="add", vec=2, shape=(128, 128),
                             semantics=plgpu.LoweringSemantics.Lane)
CFG = types.SimpleNamespace(**vars(BASE))
CFG.vec = 4


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(CFG.axis,), reduction_op=CFG.op),
        plgpu.Layout.WG_STRIDED(CFG.shape, vec_size=CFG.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((CFG.devices,), (CFG.axis,))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(CFG.shape, CFG.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=CFG.semantics))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(CFG.shape, CFG.dtype)))
