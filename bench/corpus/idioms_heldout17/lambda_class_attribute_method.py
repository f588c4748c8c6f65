"""Lambdas stored as class attributes become bound methods: `Preset().axes()` calls them with the instance."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Preset:
    names = ("lagoon", "atoll")
    axes = lambda self: self.names  # noqa: E731
    op = lambda self: "min"  # noqa: E731


PRESET = Preset()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PRESET.axes(), reduction_op=PRESET.op()),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("lagoon", "atoll"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        num_threads=1,
        thread_name="wg",
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
