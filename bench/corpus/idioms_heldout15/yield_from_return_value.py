"""A parser generator delegates with `yield from`; the sub-generator's `return` value (the reduction) is kept."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
SPEC_LINES = ["axis crate", "axis bolt", "reduce max"]


def axis_lines(lines):
    for line in lines:
        kind, value = line.split()
        if kind != "axis":
            return value
        yield value
    return "add"


def parse(lines):
    op = yield from axis_lines(lines)
    yield ("op", op)


PARSED = list(parse(SPEC_LINES))
AXES = tuple(item for item in PARSED if isinstance(item, str))
OP = dict(item for item in PARSED if isinstance(item, tuple))["op"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("crate", "bolt"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
