"""Axis names are constants of a str subclass (with a helper method); they compare and hash as the
plain strings."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Axis(str):
    def pair(self, other):
        return (self, other)


MACHINE = Axis("machine")
DEVICE = Axis("device")
AXES = MACHINE.pair(DEVICE)


def body(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(y_ref.dtype, (128, 128), 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("machine", "device"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
