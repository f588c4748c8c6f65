"""A typing.Generic settings box and a typing.Protocol the launcher accepts."""
from typing import Generic, Protocol, TypeVar

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
T = TypeVar("T")


class Box(Generic[T]):
    def __init__(self, value: T) -> None:
        self.value = value

    def get(self) -> T:
        return self.value


class HasAxes(Protocol):
    def collective_axes(self) -> tuple: ...


class Topology:
    def __init__(self, names: Box[tuple]) -> None:
        self.names = names

    def collective_axes(self) -> tuple:
        return self.names.get()


def broadcast_call(topology: HasAxes, dtype):
    def kernel(x_ref, y_ref):
        plgpu.multimem_store(x_ref[...], y_ref, collective_axes=topology.collective_axes())
    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))


if __name__ == "__main__":
    topology = Topology(Box[tuple](("ici",)))
    mesh = jax.make_mesh((2,), ("ici",))
    x = jnp.ones(SHAPE, jnp.float32)
    call = broadcast_call(topology, x.dtype)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(x))
