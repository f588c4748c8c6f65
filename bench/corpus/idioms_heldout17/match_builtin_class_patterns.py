"""A settings list is sorted out by `match` with builtin class patterns: `case str(name)`, `case int(width)`, `case tuple(names)`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
OP_NAME = "max"
VEC_SIZE = 4
SETTINGS = [OP_NAME, VEC_SIZE, ("gorge", "mesa")]

REDUCTION, VEC, AXES = "add", 2, ()
for item in SETTINGS:
    match item:
        case str(name):
            REDUCTION = name
        case int(width):
            VEC = width
        case tuple(names):
            AXES = names


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("gorge", "mesa"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
