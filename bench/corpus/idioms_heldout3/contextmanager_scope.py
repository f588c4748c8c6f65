"""A contextlib.contextmanager scope that swaps a module-level setting table while the kernel is traced."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
ACTIVE = {"axes": ("x",), "reduction": "add", "vec": 2}


@contextlib.contextmanager
def collective_scope(**overrides):
    saved = dict(ACTIVE)
    ACTIVE.update(overrides)
    try:
        yield ACTIVE
    finally:
        ACTIVE.clear()
        ACTIVE.update(saved)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=ACTIVE["axes"], reduction_op=ACTIVE["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=ACTIVE["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("gang",))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    with collective_scope(axes=("gang",), vec=4):
        print(run(jnp.ones(out_type.shape, out_type.dtype)))
