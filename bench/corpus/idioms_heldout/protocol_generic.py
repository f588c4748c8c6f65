"""A typing.Protocol for reducers and a Generic container of them."""
from typing import Generic, Protocol, TypeVar

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Reducer(Protocol):
    op: str
    vec_size: int

    def axes(self) -> tuple[str, ...]: ...


class MeshReducer:
    op = "add"
    vec_size = 2

    def axes(self):
        return ("x",)


R = TypeVar("R", bound=Reducer)


class Pipeline(Generic[R]):
    def __init__(self, reducer: R) -> None:
        self.reducer = reducer

    def kernel(self, x_ref, y_ref):
        r = self.reducer
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=r.axes(), reduction_op=r.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=r.vec_size))


if __name__ == "__main__":
    pipeline: Pipeline[MeshReducer] = Pipeline(MeshReducer())
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(pipeline.kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
