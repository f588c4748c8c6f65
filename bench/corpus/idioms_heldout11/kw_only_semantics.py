"""A dataclass with a KW_ONLY marker: semantics (default Warpgroup) and op are keyword-only options."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass
class LaunchOptions:
    shape: tuple
    dtype: object
    _: dataclasses.KW_ONLY
    semantics: object = plgpu.LoweringSemantics.Warpgroup
    op: str = "add"


OPTS = LaunchOptions((128, 128), jnp.float16, op="min")


def body(x_ref, y_ref):
    # Warpgroup semantics infer the result's layout: no layout_cast needed.
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=OPTS.op)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(OPTS.shape, OPTS.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=OPTS.semantics),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(OPTS.shape, OPTS.dtype)))
