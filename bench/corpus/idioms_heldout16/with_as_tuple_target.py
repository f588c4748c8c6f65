"""A context manager's `__enter__` returns a pair, unpacked by `with ... as (axes, reduction):`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Session:
    def __init__(self, axes, reduction):
        self.axes, self.reduction = axes, reduction

    def __enter__(self):
        return self.axes, self.reduction

    def __exit__(self, *exc):
        return False


def make_body(axes, reduction):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
        )
    return body


if __name__ == "__main__":
    with Session(("marsh", "bog"), "max") as (axes, reduction):
        mesh = jax.make_mesh((2, 2), ("marsh", "bog"))
        call = plgpu.kernel(
            make_body(axes, reduction),
            out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, jnp.bfloat16)))
