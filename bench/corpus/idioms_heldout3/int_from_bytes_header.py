"""Launch parameters packed in a small byte header, read back with int.from_bytes and slicing."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
HEADER = bytes([0x00, 0x02, 0x04]) + b"ring"
DEVICES = int.from_bytes(HEADER[0:2], "big")
VEC_SIZE = int.from_bytes(HEADER[2:3], "little")
AXIS = HEADER[3:].decode("ascii")


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((DEVICES,), (AXIS,))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
