"""A width object implements `__imul__`: `WIDTH *= VEC_FACTOR` scales it in place and the kernel reads `WIDTH.lanes`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC_FACTOR = 4


class Width:
    def __init__(self, lanes):
        self.lanes = lanes

    def __imul__(self, factor):
        self.lanes *= factor
        return self


WIDTH = Width(1)
WIDTH *= VEC_FACTOR


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("quay", "jetty"), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WIDTH.lanes),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("quay", "jetty"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
