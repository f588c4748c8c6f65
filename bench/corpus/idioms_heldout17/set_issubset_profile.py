"""The first profile whose axes cover every mesh axis is chosen with `set.issubset`; its reduction goes with it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
MESH_AXES = ("moraine", "cirque")
PROFILES = [
    {"axes": ("cirque",), "op": "max"},
    {"axes": ("moraine", "cirque"), "op": "add"},
]
CHOSEN = next((p for p in PROFILES if set(MESH_AXES).issubset(p["axes"])), PROFILES[-1])
AXES = CHOSEN["axes"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=CHOSEN["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("moraine", "cirque"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
