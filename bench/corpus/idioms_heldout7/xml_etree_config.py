"""The config is an XML snippet read by `xml.etree.ElementTree.fromstring`; an attribute names the layout."""
import xml.etree.ElementTree as ET

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
CONFIG_XML = """
<kernel reduction="min" dtype="float16" layout="WG_SPLAT">
  <axis name="left"/>
  <axis name="right"/>
</kernel>
"""

root = ET.fromstring(CONFIG_XML)
AXES = tuple(node.get("name") for node in root.iter("axis"))
REDUCTION = root.get("reduction")
DTYPE = jnp.dtype(root.get("dtype"))
LAYOUT = plgpu.Layout[root.get("layout")]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        LAYOUT(SHAPE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("left", "right"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
