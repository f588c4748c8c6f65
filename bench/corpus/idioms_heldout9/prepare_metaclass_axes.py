"""A metaclass's `__prepare__` seeds the class namespace with the mesh axes the body then uses."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class MeshAware(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kwargs):
        return {"MESH_AXES": ("x", "y", "z")}


class Plan(metaclass=MeshAware):
    AXES = MESH_AXES  # noqa: F821 (put there by __prepare__)
    VEC = 2


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Plan.VEC))
    plgpu.multimem_store(value, y_ref, Plan.AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), ("x", "y", "z"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
