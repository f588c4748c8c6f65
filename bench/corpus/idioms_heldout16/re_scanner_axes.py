"""A `re.Scanner` lexicon tokenises the launch line: words become axis names, `@op` the reduction."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
SCANNER = re.Scanner([
    (r"@\w+", lambda scanner, token: ("op", token[1:])),
    (r"[a-z]+", lambda scanner, token: ("axis", token)),
    (r"\s+", None),
])
TOKENS, _ = SCANNER.scan("orbit lagrange @add")
AXES = tuple(value for kind, value in TOKENS if kind == "axis")
REDUCTION = next(value for kind, value in TOKENS if kind == "op")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("orbit", "lagrange"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
