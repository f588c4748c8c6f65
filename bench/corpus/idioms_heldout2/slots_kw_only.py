"""A dataclass(slots=True, kw_only=True) settings object and a __slots__ class holding the kernel."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass(slots=True, kw_only=True)
class Knobs:
    op: str = "add"
    vec_size: int = 4
    axes: tuple = ("x",)


class Op:
    __slots__ = ("knobs", "shape")

    def __init__(self, knobs, shape=(256, 128)):
        self.knobs = knobs
        self.shape = shape

    def body(self, x_ref, y_ref):
        k = self.knobs
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=k.axes, reduction_op=k.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(self.shape, vec_size=k.vec_size))


if __name__ == "__main__":
    op = Op(Knobs(vec_size=2))
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(op.body, out_type=jax.ShapeDtypeStruct(op.shape, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(op.shape, jnp.float32)))
