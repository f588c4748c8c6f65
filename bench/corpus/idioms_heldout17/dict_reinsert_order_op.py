"""Deleting a key and assigning it again moves it to the end of the dict; the reduction is the last key left."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
CANDIDATES = {"add": "sum of partials", "max": "running peak"}
PREFERRED = "add"

if PREFERRED in CANDIDATES:
    del CANDIDATES[PREFERRED]
CANDIDATES[PREFERRED] = "preferred"
REDUCTION = list(CANDIDATES)[-1]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("strand",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("strand",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
