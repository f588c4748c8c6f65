"""A flag set toggles axes with `^` (a custom `__xor__`): toggling "z" off leaves x and y."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Toggles:
    def __init__(self, names):
        self.names = tuple(names)

    def __xor__(self, name):
        if name in self.names:
            return Toggles(n for n in self.names if n != name)
        return Toggles((*self.names, name))


AXES = (Toggles(["x", "y", "z"]) ^ "z").names


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
