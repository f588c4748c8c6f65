"""Profiles merge with the dict union operator |, and |= applies a last override in place."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

COMMON = {"axes": ("x", "y"), "reduction": "add", "vec_size": 4, "dtype": jnp.float32}
HALF = {"dtype": jnp.bfloat16, "vec_size": 8}


def profile():
    merged = COMMON | HALF
    merged |= {"reduction": "min"}
    return merged


def body(x_ref, y_ref):
    p = profile()
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=p["axes"], reduction_op=p["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=p["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    out = jax.ShapeDtypeStruct(SHAPE, profile()["dtype"])
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
