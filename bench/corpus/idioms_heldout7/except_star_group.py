"""Config checks raise an `ExceptionGroup`; an `except*` clause takes the corrected axes off the matching subgroup."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class AxesProblem(ValueError):
    def __init__(self, suggestion):
        super().__init__(f"use {suggestion}")
        self.suggestion = suggestion


def check(axes, mesh_names):
    problems = []
    if set(axes) != set(mesh_names):
        problems.append(AxesProblem(tuple(mesh_names)))
    if problems:
        raise ExceptionGroup("config problems", problems)
    return axes


try:
    AXES = check(("x",), ("x", "y", "z"))
except* AxesProblem as group:
    AXES = group.exceptions[0].suggestion


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), ("x", "y", "z"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
