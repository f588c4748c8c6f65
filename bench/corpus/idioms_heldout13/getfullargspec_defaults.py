"""A tuning function's defaults are read with `inspect.getfullargspec` (`args` paired with `defaults`)."""
import inspect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def tuned(x, axis="ring", op="add", vec=2, semantics=plgpu.LoweringSemantics.Lane):
    return x


SPEC = inspect.getfullargspec(tuned)
DEFAULTS = dict(zip(SPEC.args[-len(SPEC.defaults):], SPEC.defaults))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(DEFAULTS["axis"],), reduction_op=DEFAULTS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=DEFAULTS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("ring",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=DEFAULTS["semantics"]),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
