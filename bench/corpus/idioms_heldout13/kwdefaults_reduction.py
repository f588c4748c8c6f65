"""The reduction and the vector width are keyword-only defaults of a helper, read back through `__kwdefaults__`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def reduce_config(*, op="add", vec=4, axes=("i",)):
    return op, vec, axes


DEFAULTS = reduce_config.__kwdefaults__


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=DEFAULTS["axes"], reduction_op=DEFAULTS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=DEFAULTS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("i",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
