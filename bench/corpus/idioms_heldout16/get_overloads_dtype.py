"""The dtype name and reduction are the `Literal` annotations of the last `@overload`, found with `typing.get_overloads` (3.11)."""
from typing import Literal, get_args, get_overloads, overload

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@overload
def launch(dtype: Literal["int32"], op: Literal["xor"]) -> None: ...
@overload
def launch(dtype: Literal["bfloat16"], op: Literal["min"]) -> None: ...
def launch(dtype, op):
    return None


LAST = get_overloads(launch)[-1].__annotations__
DTYPE = jnp.dtype(get_args(LAST["dtype"])[0])
REDUCTION = get_args(LAST["op"])[0]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("knoll", "hollow"), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("knoll", "hollow"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
