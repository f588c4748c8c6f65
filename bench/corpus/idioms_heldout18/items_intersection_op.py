"""The settings two profiles agree on are `dict(A.items() & B.items())`; the shared op and width survive, the others drop."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
SITE = {"op": "or", "vec": 2, "owner": "ops"}
TEAM = {"op": "or", "vec": 2, "owner": "kernels"}
AGREED = dict(SITE.items() & TEAM.items())


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("burn", "linn"), reduction_op=AGREED.get("op", "add")),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=AGREED.get("vec", 1)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("burn", "linn"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
