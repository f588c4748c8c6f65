"""A `match` mapping pattern takes the axes out of a job and binds the remaining keys to `**rest`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
JOB = {"axes": ("host", "chip"), "op": "max", "dtype": "float16", "vec": 8}

match JOB:
    case {"axes": tuple(axes), **rest}:
        AXES = axes
        SETTINGS = rest
    case _:
        raise ValueError(f"not a reduction job: {JOB}")

DTYPE = jnp.dtype(SETTINGS["dtype"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=SETTINGS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("host", "chip"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
