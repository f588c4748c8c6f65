"""A topology snippet is parsed with `xml.parsers.expat`; its start-element handler collects the axis names."""
import xml.parsers.expat

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TOPOLOGY = '<topology><level axis="slice" size="2"/><level axis="core" size="2"/></topology>'
levels = []


def start_element(name, attrs):
    if name == "level":
        levels.append(attrs["axis"])


parser = xml.parsers.expat.ParserCreate()
parser.StartElementHandler = start_element
parser.Parse(TOPOLOGY, True)
AXES = tuple(levels)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="or"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("slice", "core"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
