"""A collections.UserDict of layouts that builds WG_STRIDED layouts on first lookup of a shape."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class LayoutBook(collections.UserDict):
    def __init__(self, vec_size):
        super().__init__()
        self.vec_size = vec_size

    def __getitem__(self, shape):
        if shape not in self.data:
            self.data[shape] = plgpu.Layout.WG_STRIDED(shape, vec_size=self.vec_size)
        return self.data[shape]


BOOK = LayoutBook(vec_size=2)


def make_body(shape):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="and"),
            BOOK[shape],
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for shape in ((128, 128), (256, 128)):
        call = plgpu.kernel(
            make_body(shape),
            out_type=jax.ShapeDtypeStruct(shape, jnp.int32),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(shape, jnp.int32)))
    assert len(BOOK) == 2
