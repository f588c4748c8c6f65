"""The launcher reads its own defaults with inspect.signature(...).parameters to fill the kernel options."""
import inspect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def allreduce(x, *, axis="expert", reduction="add", vec=2, dtype=jnp.float32):
    raise NotImplementedError("documentation only: the defaults are the public contract")


DEFAULTS = {name: p.default for name, p in inspect.signature(allreduce).parameters.items()
            if p.default is not inspect.Parameter.empty}
SHAPE = (128, 128)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(DEFAULTS["axis"],),
                                   reduction_op=DEFAULTS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=DEFAULTS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (DEFAULTS["axis"],))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DEFAULTS["dtype"]))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DEFAULTS["dtype"])))
