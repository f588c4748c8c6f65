"""A dtype key class with `__hash__` and `__eq__` ignoring case looks up the reduction for the output dtype."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class DtypeKey:
    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return hash(self.name.lower())

    def __eq__(self, other):
        return isinstance(other, DtypeKey) and self.name.lower() == other.name.lower()


REDUCTION_FOR = {DtypeKey("float32"): "add", DtypeKey("Float16"): "max", DtypeKey("int32"): "or"}
DTYPE = jnp.float16
OP = REDUCTION_FOR[DtypeKey(jnp.dtype(DTYPE).name.upper())]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("room", "desk"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("room", "desk"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
