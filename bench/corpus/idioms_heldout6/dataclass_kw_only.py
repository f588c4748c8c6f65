"""A dataclass with a `KW_ONLY` marker: positional axes, keyword-only reduction and width."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


@dataclasses.dataclass
class Collective:
    axes: tuple
    _: dataclasses.KW_ONLY
    op: str = "min"
    vec_size: int = 4
    dtype: object = jnp.bfloat16


spec = Collective(("dp", "tp"), op="add", vec_size=8)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=spec.axes, reduction_op=spec.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=spec.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, spec.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, spec.dtype)))
