"""Tuning knobs arrive as hex and binary text and are parsed with int(text, base)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
KNOBS = {"rows": "0x100", "cols": "0x80", "vec": "100"}  # vec is binary
ROWS = int(KNOBS["rows"], 16)
COLS = int(KNOBS["cols"], 16)
VEC = int(KNOBS["vec"], 2)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones((ROWS, COLS), jnp.float32)))
