"""The plan is an `xml.dom.minidom` document, serialised with `toxml()` and parsed back."""
from xml.dom import minidom

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC = 8

document = minidom.Document()
plan = document.createElement("plan")
plan.setAttribute("dtype", "bfloat16")
plan.setAttribute("reduction", "add")
plan.setAttribute("vec", str(VEC))
for name in ("x", "y"):
    axis = document.createElement("axis")
    axis.appendChild(document.createTextNode(name))
    plan.appendChild(axis)
document.appendChild(plan)

PARSED = minidom.parseString(document.toxml()).documentElement
DTYPE = jnp.dtype(PARSED.getAttribute("dtype"))
OP = PARSED.getAttribute("reduction")
WIDTH = int(PARSED.getAttribute("vec"))
AXES = tuple(node.firstChild.data for node in PARSED.getElementsByTagName("axis"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WIDTH),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
