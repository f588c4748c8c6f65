"""`types.MethodType` binds a plain function to one instance, replacing its layout method."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Reducer:
    axes = ("cells",)
    op = "add"

    def layout(self):
        return plgpu.Layout.WG_SPLAT(SHAPE)


def strided_layout(self):
    return plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4)


reducer = Reducer()
reducer.layout = types.MethodType(strided_layout, reducer)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=reducer.axes, reduction_op=reducer.op),
        reducer.layout(),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("cells",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
