"""A recursive walk over a nested topology config collects every "axis" entry, outermost first."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TOPOLOGY = {
    "axis": "pod",
    "size": 2,
    "children": [{"axis": "tray", "size": 2, "children": []}],
}


def axes_of(node):
    found = (node["axis"],) if "axis" in node else ()
    for child in node.get("children", ()):
        found += axes_of(child)
    return found


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes_of(TOPOLOGY), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pod", "tray"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
