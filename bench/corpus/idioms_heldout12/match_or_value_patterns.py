"""A `match` on the dtype's kind with dotted value patterns joined by `|` picks the reduction."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPE = jnp.int32


class Kinds:
    SIGNED = "i"
    UNSIGNED = "u"
    FLOAT = "f"


match jnp.dtype(DTYPE).kind:
    case Kinds.SIGNED | Kinds.UNSIGNED:
        OP = "or"
    case Kinds.FLOAT:
        OP = "add"
    case other:
        raise TypeError(f"no reduction for kind {other!r}")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("ici",), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("ici",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
