"""dataclasses.fields() iteration turns a config into the op's keyword arguments (fields marked
metadata op=True)."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass
class ReduceSpec:
    collective_axes: tuple = dataclasses.field(default=("tile", "core"), metadata={"op": True})
    reduction_op: str = dataclasses.field(default="add", metadata={"op": True})
    vec_size: int = 4
    dtype: object = jnp.float32


SPEC = ReduceSpec(reduction_op="min", dtype=jnp.bfloat16)
OP_KWARGS = {f.name: getattr(SPEC, f.name) for f in dataclasses.fields(SPEC) if f.metadata.get("op")}
SHAPE = (128, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, **OP_KWARGS),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SPEC.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tile", "core"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, SPEC.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, SPEC.dtype)))
