"""A property defined on the metaclass is read on the class itself: `Cluster.axes` is computed from `SHAPE`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class ClusterMeta(type):
    @property
    def axes(cls):
        return tuple(name for name, size in cls.SHAPE if size > 1)


class Cluster(metaclass=ClusterMeta):
    SHAPE = (("replica", 2), ("local", 1), ("shard", 2))
    OP = "min"


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Cluster.axes, reduction_op=Cluster.OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("replica", "shard"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
