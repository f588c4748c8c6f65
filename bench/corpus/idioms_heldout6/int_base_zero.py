"""`int(text, 0)` reads sizes written with prefixes ("0x4", "0b10", "0o2") from a settings table."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
RAW = {"vec_size": "0b10", "rows": "0o2", "cols": "0x2"}

vec = int(RAW["vec_size"], 0)
mesh_shape = (int(RAW["rows"], 0), int(RAW["cols"], 0))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("r", "c"), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(mesh_shape, ("r", "c"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
