"""A launch spec "op @ outer x inner" is parsed by a commented `re.VERBOSE` pattern with named groups."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
PATTERN = re.compile(
    r"""
    (?P<op>\w+)       # the reduction
    \s* @ \s*
    (?P<outer>\w+)    # slow mesh axis
    \s* x \s*
    (?P<inner>\w+)    # fast mesh axis
    """,
    re.VERBOSE,
)
SPEC = " ".join(("or", "@", "crag", "x", "scree"))
MATCH = PATTERN.fullmatch(SPEC)
AXES = (MATCH["outer"], MATCH["inner"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=MATCH["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("crag", "scree"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
