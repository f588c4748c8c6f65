"""A frozen dataclass whose __post_init__ derives the collective axes from an InitVar mesh spec."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass(frozen=True)
class ReduceConfig:
    mesh_spec: dataclasses.InitVar[dict]
    dtype: object = jnp.float32
    reduction: str = "add"
    vec_size: int = 4
    semantics: object = plgpu.LoweringSemantics.Lane
    shape: tuple = (128, 128)
    axis_names: tuple = ()
    axis_sizes: tuple = ()

    def __post_init__(self, mesh_spec):
        object.__setattr__(self, "axis_names", tuple(mesh_spec))
        object.__setattr__(self, "axis_sizes", tuple(mesh_spec.values()))


CONFIG = ReduceConfig({"rows": 2, "cols": 2})


def kernel(x_ref, y_ref):
    reduced = plgpu.multimem_load_reduce(
        x_ref, collective_axes=CONFIG.axis_names, reduction_op=CONFIG.reduction)
    y_ref[...] = plgpu.layout_cast(reduced, plgpu.Layout.WG_STRIDED(CONFIG.shape, vec_size=CONFIG.vec_size))


if __name__ == "__main__":
    mesh = jax.make_mesh(CONFIG.axis_sizes, CONFIG.axis_names)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(CONFIG.shape, CONFIG.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=CONFIG.semantics))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(CONFIG.shape, CONFIG.dtype)))
