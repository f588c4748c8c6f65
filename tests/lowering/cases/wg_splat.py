"""layout_cast to WG_SPLAT under explicit Warpgroup semantics."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(x_ref, o_ref):
    o_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("i",), reduction_op="add"),
        plgpu.Layout.WG_SPLAT((128, 128)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("i",))
    call = plgpu.kernel(
        kernel,
        out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
        compiler_params=plgpu.CompilerParams(
            lowering_semantics=plgpu.LoweringSemantics.Warpgroup
        ),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.zeros((128, 128), jnp.float32)))
