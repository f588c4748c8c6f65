"""A callable object (__call__) is the kernel factory: its constructor fixes dtype, reduction and
width, each call builds a launch."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AllReduceFactory:
    def __init__(self, dtype, reduction, vec):
        self.dtype = dtype
        self.reduction = reduction
        self.vec = vec

    def __call__(self, shape, axes):
        def body(x_ref, y_ref):
            y_ref[...] = plgpu.layout_cast(
                plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=self.reduction),
                plgpu.Layout.WG_STRIDED(shape, vec_size=self.vec),
            )

        return plgpu.kernel(
            body,
            out_type=jax.ShapeDtypeStruct(shape, self.dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )


make_bf16_max = AllReduceFactory(jnp.bfloat16, "max", vec=8)


if __name__ == "__main__":
    shape = (128, 256)
    mesh = jax.make_mesh((2,), ("ring",))
    call = make_bf16_max(shape, ("ring",))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(shape, make_bf16_max.dtype)))
