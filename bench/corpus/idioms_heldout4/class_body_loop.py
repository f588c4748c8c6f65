"""The plan is a class body: a loop inside it collects the mesh axes, later lines derive the rest."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Plan:
    dims = (("data", 2), ("model", 2))
    axes = ()
    mesh_shape = ()
    for _name, _size in dims:
        axes += (_name,)
        mesh_shape += (_size,)
    del _name, _size
    dtype = jnp.float32
    reduction = "add"
    vec_size = 4
    shape = (128 * len(axes), 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Plan.axes, reduction_op=Plan.reduction),
        plgpu.Layout.WG_STRIDED(Plan.shape, vec_size=Plan.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(Plan.mesh_shape, ("data", "model"))
    out = jax.ShapeDtypeStruct(Plan.shape, Plan.dtype)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
