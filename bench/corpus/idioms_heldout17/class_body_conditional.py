"""An if / else in a class body decides which dtype, width and semantics the class attributes get."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
HALF_PRECISION = False


class Launch:
    AXES = ("loch", "firth")
    if HALF_PRECISION:
        DTYPE = jnp.bfloat16
        VEC_SIZE = 8
        SEMANTICS = plgpu.LoweringSemantics.Warpgroup
    else:
        DTYPE = jnp.float32
        VEC_SIZE = 4
        SEMANTICS = plgpu.LoweringSemantics.Lane


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Launch.AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Launch.VEC_SIZE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("loch", "firth"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, Launch.DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=Launch.SEMANTICS),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, Launch.DTYPE)))
