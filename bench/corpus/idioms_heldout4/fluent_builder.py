"""A fluent builder: each setter returns self, build() makes the kernel call."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class AllReduceBuilder:
    def __init__(self):
        self._axes = ()
        self._reduction = "add"
        self._vec = 1
        self._dtype = jnp.float32

    def over(self, *axes):
        self._axes = self._axes + axes
        return self

    def reducing(self, reduction):
        self._reduction = reduction
        return self

    def width(self, vec):
        self._vec = vec
        return self

    def of(self, dtype):
        self._dtype = dtype
        return self

    def build(self):
        axes, reduction, vec = self._axes, self._reduction, self._vec

        def body(x_ref, y_ref):
            y_ref[...] = plgpu.layout_cast(
                plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
                plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
            )
        return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, self._dtype))


if __name__ == "__main__":
    call = AllReduceBuilder().over("slab").over("tile").reducing("max").width(4).of(jnp.float16).build()
    mesh = jax.make_mesh((2, 2), ("slab", "tile"))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
