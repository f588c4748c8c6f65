"""A factory's closure holds the settings; they are read back from `__closure__[i].cell_contents`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def make_reducer(op, vec):
    def reducer(x):
        return op, vec, x

    return reducer


reducer = make_reducer("max", 4)
CELLS = dict(zip(reducer.__code__.co_freevars, (c.cell_contents for c in reducer.__closure__)))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=CELLS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CELLS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
