"""A mesh description dataclass unpacked positionally with dataclasses.astuple."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


@dataclasses.dataclass
class MeshLayout:
    sizes: tuple
    names: tuple


LAYOUT = MeshLayout(sizes=(2, 2), names=("stage", "replica"))
SIZES, NAMES = dataclasses.astuple(LAYOUT)


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=NAMES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, NAMES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
