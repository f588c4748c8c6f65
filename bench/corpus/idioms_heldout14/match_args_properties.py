"""A plain request class lists its properties in `__match_args__`; a positional class pattern unpacks them."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Request:
    __match_args__ = ("axes", "op", "dtype")

    def __init__(self, spec):
        self._spec = spec

    @property
    def axes(self):
        return tuple(self._spec["axes"])

    @property
    def op(self):
        return self._spec["op"].lower()

    @property
    def dtype(self):
        return jnp.dtype(self._spec["dtype"])


match Request({"axes": ["rows", "cols"], "op": "min", "dtype": "bfloat16"}):
    case Request(axes, op, dtype):
        AXES, OP, DTYPE = axes, op, dtype


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rows", "cols"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
