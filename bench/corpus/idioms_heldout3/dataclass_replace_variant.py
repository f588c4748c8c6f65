"""A dataclass template specialised with dataclasses.replace; a typing.NamedTuple carries the mesh."""
import dataclasses
import typing

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class MeshSpec(typing.NamedTuple):
    sizes: tuple
    names: tuple


@dataclasses.dataclass(frozen=True)
class StoreSpec:
    mesh: MeshSpec
    dtype: object = jnp.float32
    shape: tuple = (128, 128)


TEMPLATE = StoreSpec(MeshSpec((2,), ("solo",)))
SPEC = dataclasses.replace(TEMPLATE, mesh=MeshSpec((2, 2), ("left", "right")))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=SPEC.mesh.names)


if __name__ == "__main__":
    mesh = jax.make_mesh(*SPEC.mesh)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SPEC.shape, SPEC.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SPEC.shape, SPEC.dtype)))
