"""A project-wide wrapper forwards *args/**kwargs to plgpu.kernel and adds defaults."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def gpu_kernel(body, *args, semantics=plgpu.LoweringSemantics.Warpgroup, **kwargs):
    kwargs.setdefault("compiler_params", plgpu.CompilerParams(lowering_semantics=semantics))
    return plgpu.kernel(body, *args, **kwargs)


def sharded(fn, mesh, **kwargs):
    return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False, **kwargs))


def reduce_kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = gpu_kernel(reduce_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    print(sharded(call, mesh)(jnp.ones(SHAPE, jnp.float32)))
