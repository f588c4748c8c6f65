"""A dtype family with __contains__ picks the reduction: integers or, floats add."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Family:
    def __init__(self, *names):
        self.names = names

    def __contains__(self, dtype):
        return jnp.dtype(dtype).name in self.names


INTEGERS = Family("int32", "uint32")


def reduction_for(dtype):
    return "or" if dtype in INTEGERS else "add"


def make_body(dtype):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("a", "b"), reduction_op=reduction_for(dtype)),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
        )
    return body


if __name__ == "__main__":
    dtype = jnp.uint32
    mesh = jax.make_mesh((2, 2), ("a", "b"))
    out = jax.ShapeDtypeStruct(SHAPE, dtype)
    call = plgpu.kernel(
        make_body(dtype), out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
