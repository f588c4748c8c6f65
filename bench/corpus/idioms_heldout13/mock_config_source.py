"""The config source is a `unittest.mock.Mock` whose `return_value` / `side_effect` supply the values."""
from unittest import mock

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

source = mock.Mock()
source.axes.return_value = ("rows",)
source.lookup.side_effect = {"op": "add", "dtype": "float32"}.get


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=source.axes(), reduction_op=source.lookup("op")),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(source.lookup("dtype"))
    mesh = jax.make_mesh((2,), ("rows",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
