"""A launch spec written as a call is parsed with `ast.parse`; an `ast.NodeVisitor` reads its keywords."""
import ast

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
SPEC = "all_reduce(axes=('x',), op='min', dtype='bfloat16', width=4)"


class SpecReader(ast.NodeVisitor):
    def __init__(self):
        self.fields = {}

    def visit_Call(self, node):
        for keyword in node.keywords:
            self.fields[keyword.arg] = ast.literal_eval(keyword.value)
        self.generic_visit(node)


reader = SpecReader()
reader.visit(ast.parse(SPEC, mode="eval"))
FIELDS = reader.fields
DTYPE = jnp.dtype(FIELDS["dtype"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=FIELDS["axes"], reduction_op=FIELDS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=FIELDS["width"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
