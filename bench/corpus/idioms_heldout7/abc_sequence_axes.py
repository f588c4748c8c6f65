"""The axes are a `collections.abc.Sequence` subclass; `tuple()` iterates it through the mixin `__iter__`."""
import collections.abc

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Prefixed(collections.abc.Sequence):
    def __init__(self, prefix, count):
        self.prefix = prefix
        self.count = count

    def __getitem__(self, index):
        if not 0 <= index < self.count:
            raise IndexError(index)
        return f"{self.prefix}{index}"

    def __len__(self):
        return self.count


AXES = tuple(Prefixed("lvl", 2))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="and"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("lvl0", "lvl1"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
