"""A kernel tag like "bf16.add.v4@pipe" parsed with a regular expression's named groups."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
TAG = "bf16.add.v4@pipe"
TAG_RE = re.compile(r"(?P<dtype>\w+?)\.(?P<op>[a-z]+)\.v(?P<vec>\d+)@(?P<axis>\w+)")
DTYPES = {"bf16": jnp.bfloat16, "f32": jnp.float32, "i32": jnp.int32}
FIELDS = TAG_RE.fullmatch(TAG).groupdict()


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(FIELDS["axis"],), reduction_op=FIELDS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(FIELDS["vec"])),
    )


if __name__ == "__main__":
    dtype = DTYPES[FIELDS["dtype"]]
    mesh = jax.make_mesh((2,), (FIELDS["axis"],))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
                        compiler_params=plgpu.CompilerParams())
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, dtype)))
