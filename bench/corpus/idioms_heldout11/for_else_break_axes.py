"""A for/else search: the first candidate axis layout the mesh matches, else the mesh's own names."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
CANDIDATES = [("data",), ("data", "model"), ("pipe", "data", "model")]


def pick_axes(mesh):
    for axes in CANDIDATES:
        if set(axes) == set(mesh.axis_names):
            break
    else:
        axes = tuple(mesh.axis_names)
    return axes


def make_body(axes):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op="add"),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(
        make_body(pick_axes(mesh)),
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
