"""functools.partial of a functools.partial: the axes are bound first, the reduction second, the kernel
calls what is left."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

over_mesh = functools.partial(plgpu.multimem_load_reduce, collective_axes=("pod",))
summed = functools.partial(over_mesh, reduction_op="add")
SHAPE = (128, 256)
DTYPE = jnp.float32
VEC = 4


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(summed(x_ref), plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("pod",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
