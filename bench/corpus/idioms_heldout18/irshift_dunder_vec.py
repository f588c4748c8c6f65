"""`width >>= 2` calls `Width.__irshift__`, which returns a narrower Width: the vector size is what is left."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_WIDE = 16


class Width:
    def __init__(self, lanes):
        self.lanes = lanes

    def __irshift__(self, shift):
        return Width(self.lanes >> shift)


width = Width(VEC_WIDE)
width >>= 2


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("tarn", "gill"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=width.lanes),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tarn", "gill"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
