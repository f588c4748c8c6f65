"""Alternate constructors: a subclass's classmethod extends its parent's with super()."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Topology:
    def __init__(self, names, shape):
        self.names = names
        self.shape = shape

    @classmethod
    def flat(cls, size):
        return cls(("dev",), (size,))


class PodTopology(Topology):
    @classmethod
    def flat(cls, size):
        base = super().flat(size // 2)
        return cls(("pod", *base.names), (2, *base.shape))


TOPO = PodTopology.flat(4)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=TOPO.names, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(TOPO.shape, TOPO.names)
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
