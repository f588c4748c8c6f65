"""The lowering semantics are chosen in a try/except/else/finally block from an optional override."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
OVERRIDES = {"semantics": "Lane"}
LOG = []

try:
    name = OVERRIDES["semantics"]
except KeyError:
    SEMANTICS = plgpu.LoweringSemantics.Warpgroup
else:
    SEMANTICS = getattr(plgpu.LoweringSemantics, name)
finally:
    LOG.append("semantics chosen")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("m",), reduction_op="or"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("m",))
    params = plgpu.CompilerParams(lowering_semantics=SEMANTICS)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32), compiler_params=params)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)), LOG)
