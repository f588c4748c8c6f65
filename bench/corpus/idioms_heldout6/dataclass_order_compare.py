"""`dataclass(order=True)` candidates compared with `>`: the best (bits, vector size) pair wins."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


@dataclasses.dataclass(order=True, frozen=True)
class Width:
    bits: int
    vec_size: int


CANDIDATES = [Width(64, 2), Width(128, 4), Width(32, 1)]
best = CANDIDATES[0]
for candidate in CANDIDATES[1:]:
    if candidate > best:
        best = candidate


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("ring",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=best.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("ring",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
