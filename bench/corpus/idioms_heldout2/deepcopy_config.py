"""A base config deep-copied with copy.deepcopy and adjusted per experiment."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BASE = {"reduce": {"op": "add", "vec_size": 4}, "axes": ["x"], "shape": (256, 128)}


def experiment(**changes):
    cfg = copy.deepcopy(BASE)
    cfg["reduce"].update(changes)
    return cfg


CFG = experiment(vec_size=2)


def kernel(x_ref, y_ref):
    reduce_cfg = CFG["reduce"]
    axes = tuple(CFG["axes"])
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduce_cfg["op"])
    y_ref[...] = plgpu.layout_cast(
        total, plgpu.Layout.WG_STRIDED(CFG["shape"], vec_size=reduce_cfg["vec_size"]))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(CFG["shape"], jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(CFG["shape"], jnp.float32)))
