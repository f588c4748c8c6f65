"""itertools.filterfalse drops the axes marked local; what remains is the mesh the collective spans."""
import itertools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

DECLARED = [("island", 2, False), ("cache", 1, True), ("peer", 2, False)]
KEPT = list(itertools.filterfalse(lambda entry: entry[2], DECLARED))
AXES = tuple(entry[0] for entry in KEPT)
SIZES = tuple(entry[1] for entry in KEPT)


def body(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(y_ref.dtype, (128, 128), 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("island", "peer"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
