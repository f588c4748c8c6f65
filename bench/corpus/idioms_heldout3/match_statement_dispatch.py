"""Structural pattern matching (mapping patterns, a starred sequence capture) picks the kernel settings."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
REQUEST = {"kind": "allreduce", "dtype": "bfloat16", "axes": ["nodes"]}


def settings_for(request):
    match request:
        case {"kind": "allreduce", "dtype": "float32", "axes": [*axes]}:
            return tuple(axes), "add", 4, jnp.float32
        case {"kind": "allreduce", "dtype": "bfloat16", "axes": [*axes]}:
            return tuple(axes), "max", 2, jnp.bfloat16
        case _:
            raise ValueError(f"unsupported request {request}")


AXES, REDUCTION, VEC, DTYPE = settings_for(REQUEST)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
