"""Axis names are picked out of device tags with `re.match` on a pattern built with `re.escape(prefix)`."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PREFIX = "mesh.axis+"
TAGS = ["mesh.axis+data", "host.cpu", "mesh.axis+model", "meshXaxis+bogus"]
PATTERN = re.compile(re.escape(PREFIX) + r"(\w+)$")
AXES = tuple(m.group(1) for m in map(PATTERN.match, TAGS) if m)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
