"""A multi-line "key = value" spec is read with splitlines, partition and strip; comments are skipped."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

SPEC = """
# collective settings
axes      = stage, lane
reduction = add
width     = 2
"""


def parse(text):
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        out[key.strip()] = value.strip()
    return out


S = parse(SPEC)


def body(x_ref, y_ref):
    axes = tuple(name.strip() for name in S["axes"].split(","))
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=S["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(S["width"])),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("stage", "lane"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
