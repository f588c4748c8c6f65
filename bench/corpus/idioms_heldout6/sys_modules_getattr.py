"""`getattr(sys.modules[__name__], ...)`: the module's own constants are looked up by a computed name."""
import sys

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXES_SMALL = ("gpu",)
AXES_LARGE = ("node", "gpu")
OP_SMALL = "max"
OP_LARGE = "add"
SIZE = "large"

this_module = sys.modules[__name__]
AXES = getattr(this_module, f"AXES_{SIZE.upper()}")
REDUCTION = getattr(this_module, f"OP_{SIZE.upper()}")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("node", "gpu"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
