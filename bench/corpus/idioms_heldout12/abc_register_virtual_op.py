"""NumPy integer types registered as virtual subclasses of an ABC; `issubclass` on the dtype picks the op."""
import abc

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPE = jnp.uint32


class Bitwise(abc.ABC):  # noqa: B024 (a pure marker ABC: members come by register())
    """Element types whose all-reduce may be a bitwise op."""


Bitwise.register(np.unsignedinteger)
Bitwise.register(np.signedinteger)
OP = "xor" if issubclass(jnp.dtype(DTYPE).type, Bitwise) else "add"


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
