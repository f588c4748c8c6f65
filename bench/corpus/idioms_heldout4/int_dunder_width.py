"""A load-width object converts to the vector size with int(), through its __int__."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class LoadWidth:
    def __init__(self, load_bits, element_bits):
        self.load_bits = load_bits
        self.element_bits = element_bits

    def __int__(self):
        return self.load_bits // self.element_bits


WIDTH = LoadWidth(load_bits=64, element_bits=32)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("z",), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(WIDTH)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("z",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
