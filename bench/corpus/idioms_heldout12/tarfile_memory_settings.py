"""The settings ship as a member of an in-memory `tarfile` archive and are read back from it."""
import io
import tarfile

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
SETTINGS = {"reduction": "add", "dtype": "float32", "vec_size": 4, "axis": "dev"}


def pack(settings):
    payload = "\n".join(f"{key}={value}" for key, value in settings.items()).encode()
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        info = tarfile.TarInfo("launch.cfg")
        info.size = len(payload)
        archive.addfile(info, io.BytesIO(payload))
    return buffer.getvalue()


def unpack(blob):
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r") as archive:
        text = archive.extractfile("launch.cfg").read().decode()
    return dict(line.split("=", 1) for line in text.splitlines())


LOADED = unpack(pack(SETTINGS))
DTYPE = jnp.dtype(LOADED["dtype"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=(LOADED["axis"],), reduction_op=LOADED["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(LOADED["vec_size"])),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
