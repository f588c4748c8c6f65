"""The reduction settings are `key: value` lines in the kernel's own docstring, read with `inspect.cleandoc`."""
import inspect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def body(x_ref, y_ref):
    """All-reduce one tile.

    axis: tp
    op: max
    dtype: bfloat16
    """
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(SETTINGS["axis"],), reduction_op=SETTINGS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


SETTINGS = dict(
    line.split(": ", 1) for line in inspect.cleandoc(body.__doc__).splitlines()[2:]
)


if __name__ == "__main__":
    dtype = jnp.dtype(SETTINGS["dtype"])
    mesh = jax.make_mesh((2,), ("tp",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
