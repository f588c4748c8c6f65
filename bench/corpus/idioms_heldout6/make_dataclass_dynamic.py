"""`dataclasses.make_dataclass` builds the config class at run time from a field table with defaults."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
FIELDS = [("axes", tuple, ("left", "right")), ("op", str, "min"), ("vec_size", int, 4)]

Config = dataclasses.make_dataclass(
    "Config", [(name, kind, dataclasses.field(default=value)) for name, kind, value in FIELDS])
config = Config(op="add")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=config.axes, reduction_op=config.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=config.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("left", "right"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
