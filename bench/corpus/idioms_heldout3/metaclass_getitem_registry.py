"""A dtype registry class indexed like a mapping through its metaclass's __getitem__."""
import typing

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class RegistryMeta(type):
    def __getitem__(cls, key):
        return cls.entries[key]


class Precisions(metaclass=RegistryMeta):
    entries: typing.ClassVar[dict] = {"half": (jnp.bfloat16, 4), "full": (jnp.float32, 4)}


DTYPE, VEC = Precisions["half"]


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("cores",), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("cores",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
