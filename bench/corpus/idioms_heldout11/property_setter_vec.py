"""A tile whose vec_size property setter derives the width from a requested byte count."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Tile:
    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype
        self._vec = 1

    @property
    def vec_size(self):
        return self._vec

    @vec_size.setter
    def vec_size(self, load_bytes):
        self._vec = load_bytes // jnp.dtype(self.dtype).itemsize

    def layout(self):
        return plgpu.Layout.WG_STRIDED(self.shape, vec_size=self.vec_size)


TILE = Tile((128, 128), jnp.bfloat16)
TILE.vec_size = 16  # bytes per load


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        TILE.layout(),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(TILE.shape, TILE.dtype),
        num_threads=1,
        thread_name="wg",
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(TILE.shape, TILE.dtype)))
