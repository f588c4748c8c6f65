"""Dataclass fields carry `metadata={"role": "axis"}`; `dataclasses.fields` collects the axis fields' defaults."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


@dataclasses.dataclass
class Topology:
    outer: str = dataclasses.field(default="tier", metadata={"role": "axis"})
    inner: str = dataclasses.field(default="socket", metadata={"role": "axis"})
    label: str = dataclasses.field(default="tier", metadata={"role": "name"})


TOPOLOGY = Topology()
AXES = tuple(
    getattr(TOPOLOGY, f.name) for f in dataclasses.fields(TOPOLOGY) if f.metadata.get("role") == "axis"
)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tier", "socket"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
