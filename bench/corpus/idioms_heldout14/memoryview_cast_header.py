"""A launch header of 16-bit fields is read with `memoryview(...).cast("H")`: the vector width and the mesh side."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC = 4
SIDE = 2
# Little-endian 16-bit fields, as the launcher writes them.
HEADER = bytes([VEC, 0, SIDE, 0])
FIELDS = memoryview(HEADER).cast("H")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("tray", "slot"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=FIELDS[0]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((FIELDS[1], FIELDS[1]), ("tray", "slot"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
