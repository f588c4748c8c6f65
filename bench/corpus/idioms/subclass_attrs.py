"""A base collective class; subclasses override OP / DTYPE / VEC class attributes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AllReduce:
    AXES = ("x",)
    OP = "add"
    DTYPE = jnp.float32
    VEC = 4
    SHAPE = (256, 128)

    def kernel(self, x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=self.AXES, reduction_op=self.OP)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(self.SHAPE, vec_size=self.VEC))

    def __call__(self, x, mesh):
        call = plgpu.kernel(self.kernel, out_type=jax.ShapeDtypeStruct(self.SHAPE, self.DTYPE))
        return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


class HalfMax(AllReduce):
    OP = "max"
    DTYPE = jnp.float16
    VEC = 8


class IntSum(AllReduce):
    DTYPE = jnp.int32


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    for op_class in (AllReduce, HalfMax, IntSum):
        op = op_class()
        print(op(jnp.ones(op.SHAPE, op.DTYPE), mesh))
