"""A base declares `axes` and `op` as abstract properties; a subclass satisfies them with plain class attributes."""
import abc

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Collective(abc.ABC):
    @property
    @abc.abstractmethod
    def axes(self): ...

    @property
    @abc.abstractmethod
    def op(self): ...


class RingOr(Collective):
    axes = ("ring", "hop")
    op = "or"


LAUNCH = RingOr()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=LAUNCH.axes, reduction_op=LAUNCH.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("ring", "hop"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
