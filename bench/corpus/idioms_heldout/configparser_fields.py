"""An INI string read by configparser into a dataclass with default_factory fields."""
import configparser
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

INI = """
[reduce]
op = max
vec_size = 8
axis = x
"""


@dataclasses.dataclass
class Options:
    op: str = "add"
    vec_size: int = 4
    axes: tuple = dataclasses.field(default_factory=lambda: ("x",))
    shape: tuple = dataclasses.field(default_factory=lambda: (256, 128))


def load() -> Options:
    parser = configparser.ConfigParser()
    parser.read_string(INI)
    section = parser["reduce"]
    return Options(op=section.get("op"), vec_size=section.getint("vec_size"), axes=(section["axis"],))


def make_kernel(opts):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=opts.axes, reduction_op=opts.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(opts.shape, vec_size=opts.vec_size))

    return kernel


if __name__ == "__main__":
    opts = load()
    mesh = jax.make_mesh((2,), opts.axes)
    call = plgpu.kernel(make_kernel(opts), out_type=jax.ShapeDtypeStruct(opts.shape, jnp.float16))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(opts.shape, jnp.float16)))
