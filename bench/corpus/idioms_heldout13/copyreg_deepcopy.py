"""A reducer registered with `copyreg.pickle` rebuilds the config when `copy.deepcopy` copies it."""
import copy
import copyreg

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Config:
    def __init__(self, axes, op):
        self.axes = axes
        self.op = op


def rebuild(axes, op):
    return Config(tuple(axes), op)


copyreg.pickle(Config, lambda c: (rebuild, (list(c.axes), c.op)))
CONFIG = copy.deepcopy(Config(["h", "w"], "min"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CONFIG.axes, reduction_op=CONFIG.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("h", "w"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
