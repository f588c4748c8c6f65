"""A registry class with __getitem__ / __contains__ returning kernel settings by name."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Registry:
    def __init__(self):
        self._table = {}

    def add(self, name, **settings):
        self._table[name] = settings
        return self

    def __getitem__(self, name):
        return self._table[name]

    def __contains__(self, name):
        return name in self._table


SETTINGS = Registry().add("sum", op="add", vec_size=4, axes=("x",)).add(
    "top", op="max", vec_size=8, axes=("x",))


def make_kernel(name):
    s = SETTINGS[name]

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=s["axes"], reduction_op=s["op"])
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=s["vec_size"]))

    return kernel


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    assert "sum" in SETTINGS
    call = plgpu.kernel(make_kernel("sum"), out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
