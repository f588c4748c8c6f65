"""A strictness object's __bool__ decides the lowering semantics, and so whether the cast is required."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Strict:
    def __init__(self, checks):
        self.checks = checks

    def __bool__(self):
        return "layouts" in self.checks


def semantics_for(strict):
    if strict:
        return plgpu.LoweringSemantics.Lane
    return plgpu.LoweringSemantics.Warpgroup


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("row", "col"), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    strict = Strict(checks=["layouts", "bounds"])
    mesh = jax.make_mesh((2, 2), ("row", "col"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=semantics_for(strict)),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
