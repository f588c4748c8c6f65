"""itertools.product enumerates (dtype, reduction, width) candidates; the first one allowed is launched."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
BITS = {"float32": 32, "bfloat16": 16}
FLOAT32_ONLY_ADD = True


def allowed(dtype, reduction, width):
    if BITS[dtype] * width not in (32, 64, 128):
        return False
    return not (FLOAT32_ONLY_ADD and dtype == "float32" and reduction != "add")


def first_allowed():
    options = itertools.product(("float32", "bfloat16"), ("max", "add"), (8, 4))
    for dtype, reduction, width in options:
        if allowed(dtype, reduction, width):
            return dtype, reduction, width
    raise ValueError("nothing fits")


DTYPE, REDUCTION, WIDTH = first_allowed()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=WIDTH),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("x",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.dtype(DTYPE))
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
