"""The mesh description is an XML string read with `xml.sax.parseString` and a ContentHandler collecting axis names."""
import xml.sax

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_XML = '<mesh><axis name="data" size="2"/><axis name="model" size="2"/><reduce op="add"/></mesh>'


class MeshHandler(xml.sax.ContentHandler):
    def __init__(self):
        super().__init__()
        self.axes = []
        self.op = None

    def startElement(self, name, attrs):
        if name == "axis":
            self.axes.append(attrs["name"])
        elif name == "reduce":
            self.op = attrs["op"]


handler = MeshHandler()
xml.sax.parseString(MESH_XML.encode(), handler)
AXES = tuple(handler.axes)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=handler.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
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
