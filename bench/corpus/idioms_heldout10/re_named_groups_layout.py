"""A layout spec string is parsed with a regex's named groups into a plgpu layout."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SPEC = "WG_STRIDED 256x128 vec=2"
PATTERN = re.compile(r"(?P<kind>\w+) (?P<rows>\d+)x(?P<cols>\d+) vec=(?P<vec>\d+)")
FIELDS = PATTERN.fullmatch(SPEC).groupdict()
SHAPE = (int(FIELDS["rows"]), int(FIELDS["cols"]))
LAYOUT = getattr(plgpu.Layout, FIELDS["kind"])(SHAPE, vec_size=int(FIELDS["vec"]))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add"),
        LAYOUT,
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32), compiler_params=params)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
