"""A planner object defines `__call__`; calling the instance with a dtype returns the reduction and vector size."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Planner:
    def __init__(self, load_bits):
        self.load_bits = load_bits

    def __call__(self, dtype):
        bits = jnp.dtype(dtype).itemsize * 8
        op = "add" if jnp.issubdtype(dtype, jnp.floating) and bits == 32 else "max"
        return op, self.load_bits // bits


plan = Planner(64)
DTYPE = jnp.int32
OP, VEC = plan(DTYPE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("site", "hall"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("site", "hall"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
