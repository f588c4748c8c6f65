"""Unary plus on a request (`__pos__`) normalises it: axes frozen into a tuple, the op lower-cased."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Request:
    def __init__(self, axes, op, dtype, vec):
        self.axes = axes
        self.op = op
        self.dtype = dtype
        self.vec = vec

    def __pos__(self):
        return Request(tuple(self.axes), self.op.lower(), jnp.dtype(self.dtype), int(self.vec))


REQ = +Request(["node", "gpu"], "min", "int32", vec=2)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=REQ.axes, reduction_op=REQ.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=REQ.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("node", "gpu"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, REQ.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, REQ.dtype)))
