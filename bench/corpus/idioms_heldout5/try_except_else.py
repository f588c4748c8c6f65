"""try/except/else parses an override: the else branch runs only when the parse succeeded and sets the
width."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

OVERRIDE = "2"
vec_size = 4
try:
    parsed = int(OVERRIDE)
except ValueError:
    parsed = None
    reduction = "add"
else:
    vec_size = parsed
    reduction = "min"
SHAPE = (256, 128)
DTYPE = jnp.bfloat16


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("group",), reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("group",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
