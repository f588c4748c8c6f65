"""A mesh spec like "dp:2,tp:2" is validated and split with re.fullmatch groups."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
ENTRY = re.compile(r"(?P<name>[a-z]+):(?P<size>\d+)")


def parse_mesh(names, sizes):
    spec = ",".join(f"{n}:{s}" for n, s in zip(names, sizes, strict=True))
    parsed = [ENTRY.fullmatch(part) for part in spec.split(",")]
    if not all(parsed):
        raise ValueError(f"bad mesh spec {spec!r}")
    return tuple(m["name"] for m in parsed), tuple(int(m["size"]) for m in parsed)


AXES, MESH_SHAPE = parse_mesh(("dp", "tp"), (2, 2))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(MESH_SHAPE, ("dp", "tp"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
