"""The kernel call is wrapped by a loop over a tuple of transforms: first shard_map, then jit."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("ici",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


def sharded(mesh):
    def transform(fn):
        return jax.shard_map(fn, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)
    return transform


def pipeline(fn, transforms):
    for transform in transforms:
        fn = transform(fn)
    return fn


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("ici",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = pipeline(call, (sharded(mesh), jax.jit))
    print(run(jnp.ones(out.shape, out.dtype)))
