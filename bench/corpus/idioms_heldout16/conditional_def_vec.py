"""Which `layout()` helper exists depends on the mesh rank: the function is defined inside an if / else."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
MESH_SHAPE = (2, 2)
AXES = ("berth", "quay")

if len(MESH_SHAPE) == 2:
    def layout(vec=4):
        return plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec)
else:
    def layout(vec=1):
        return plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        layout(),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(MESH_SHAPE, ("berth", "quay"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
