"""Layouts come from @staticmethod factories on a helper class, called through the class and through an
instance."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Layouts:
    @staticmethod
    def strided(shape, dtype):
        vec = 128 // jnp.dtype(dtype).itemsize // 8
        return plgpu.Layout.WG_STRIDED(shape, vec_size=vec)

    @staticmethod
    def axes(*names):
        return tuple(names)


DTYPE = jnp.float32
SHAPE = (256, 256)
helper = Layouts()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=helper.axes("dp", "tp"), reduction_op="add"),
        Layouts.strided(SHAPE, DTYPE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
