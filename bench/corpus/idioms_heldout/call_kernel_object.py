"""The kernel body is an object with __call__; its settings are instance attributes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class ReduceBody:
    def __init__(self, axes, op="add", vec_size=4):
        self.axes = axes
        self.op = op
        self.vec_size = vec_size

    def __call__(self, x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=self.axes, reduction_op=self.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=self.vec_size))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    body = ReduceBody(("x",), op="min")
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
