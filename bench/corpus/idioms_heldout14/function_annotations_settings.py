"""The settings are written as a launcher's parameter annotations and read from its `__annotations__` dict."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def launch(x: ("chassis", "card"), op: "min", vec: 4) -> jnp.float16:
    """Annotations are the contract: axes of x, reduction op, vector width, result dtype."""


NOTES = launch.__annotations__


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=NOTES["x"], reduction_op=NOTES["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=NOTES["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("chassis", "card"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, NOTES["return"]),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, NOTES["return"])))
