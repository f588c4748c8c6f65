"""`itertools.chain` of two generators: outer and inner axis names are produced lazily and joined."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
TOPOLOGY = {"outer": ["slice"], "inner": ["host", "chip"]}


def outer_axes():
    for name in TOPOLOGY["outer"]:
        if not name.startswith("_"):
            yield name


def inner_axes():
    yield from TOPOLOGY["inner"][:1]


AXES = tuple(itertools.chain(outer_axes(), inner_axes()))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("slice", "host"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
