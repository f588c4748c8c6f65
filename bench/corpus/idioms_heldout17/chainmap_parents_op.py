"""A `ChainMap.new_child` layer overrides the reduction, but the kernel reads `.parents`, which skips that layer."""
from collections import ChainMap

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
BASE = {"op": "add", "axes": ("shelf", "slope")}
LAYERED = ChainMap(BASE).new_child({"op": "max"})
SETTINGS = LAYERED.parents
AXES = SETTINGS["axes"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=SETTINGS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("shelf", "slope"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
