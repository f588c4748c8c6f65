"""A helper's module globals are read through its `__globals__` mapping, by the names it lists."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
COLLECTIVE_AXES = ("w",)
REDUCTION = "min"
ELEMENT_TYPE = jnp.int32


def settings():
    return ("COLLECTIVE_AXES", "REDUCTION", "ELEMENT_TYPE")


AXES, OP, DTYPE = (settings.__globals__[name] for name in settings())


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("w",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
