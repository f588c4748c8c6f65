"""A validator raises an `ExceptionGroup` of missing keys; an `except* KeyError` clause fills them from defaults."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
DEFAULTS = {"op": "max", "dtype": "float16"}
USER = {"axes": ("replica", "shard"), "vec": 4}


def validate(cfg):
    missing = [KeyError(key) for key in ("op", "dtype") if key not in cfg]
    if missing:
        raise ExceptionGroup("incomplete launch config", missing)
    return cfg


try:
    CONFIG = validate(USER)
except* KeyError as group:
    CONFIG = dict(USER)
    for error in group.exceptions:
        CONFIG[error.args[0]] = DEFAULTS[error.args[0]]

DTYPE = jnp.dtype(CONFIG["dtype"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CONFIG["axes"], reduction_op=CONFIG["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("replica", "shard"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
