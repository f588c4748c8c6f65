"""A validator raises an `ExceptionGroup`; its `subgroup(ValueError)` carries the fallback axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def validate(spec):
    problems = []
    if "," not in spec:
        problems.append(ValueError(("x", "y")))
    if problems:
        raise ExceptionGroup("bad mesh spec", problems)  # noqa: F821 (3.11 builtin)
    return tuple(spec.split(","))


try:
    AXES = validate("xy")
except ExceptionGroup as group:  # noqa: F821 (3.11 builtin)
    AXES = group.subgroup(ValueError).exceptions[0].args[0]


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
