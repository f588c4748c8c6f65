"""The reduction and width ship in a zip archive built in memory with `zipfile`, and are read back."""
import io
import zipfile

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

BUNDLE = io.BytesIO()
with zipfile.ZipFile(BUNDLE, "w") as archive:
    archive.writestr("reduction.txt", "max")
    archive.writestr("width.txt", "8")
with zipfile.ZipFile(BUNDLE) as archive:
    OP = archive.read("reduction.txt").decode()
    VEC = int(archive.read("width.txt"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
