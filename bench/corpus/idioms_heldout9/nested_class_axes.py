"""Settings are grouped in nested classes; the kernel reads `Cluster.Mesh.AXES` and `Cluster.Kernel.VEC`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Cluster:
    class Mesh:
        AXES = ("x", "y", "z")
        SHAPE = (2, 2, 2)

    class Kernel:
        VEC = 4
        OP = "min"


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Cluster.Mesh.AXES, reduction_op=Cluster.Kernel.OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Cluster.Kernel.VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(Cluster.Mesh.SHAPE, ("x", "y", "z"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
