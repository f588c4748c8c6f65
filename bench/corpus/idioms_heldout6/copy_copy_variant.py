"""`copy.copy` of a config instance: the copy is edited, the original is left as the template."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Config:
    def __init__(self, axes, op, dtype):
        self.axes = axes
        self.op = op
        self.dtype = dtype


TEMPLATE = Config(("x",), "xor", jnp.int32)
tuned = copy.copy(TEMPLATE)
tuned.axes = ("x", "y")
tuned.op = "add"
tuned.dtype = jnp.float32
VEC_SIZE = 2


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuned.axes, reduction_op=tuned.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, tuned.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, tuned.dtype)))
