"""A shim warns which semantics it picked; `warnings.catch_warnings(record=True)` captures the name."""
import warnings

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def legacy_semantics():
    warnings.warn("Warpgroup", DeprecationWarning, stacklevel=2)


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    legacy_semantics()
SEMANTICS = getattr(plgpu.LoweringSemantics, str(caught[0].message))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op="add")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
