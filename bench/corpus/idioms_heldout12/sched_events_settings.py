"""A `sched.scheduler` on a simulated clock runs timed events that write the settings in order."""
import sched

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
CLOCK = [0.0]
SETTINGS = {}


def advance(delay):
    CLOCK[0] += delay


scheduler = sched.scheduler(timefunc=lambda: CLOCK[0], delayfunc=advance)
scheduler.enter(1, 0, SETTINGS.update, kwargs={"reduction": "add", "dtype": "float32", "vec_size": 4})
scheduler.enter(2, 0, SETTINGS.update, kwargs={"dtype": "bfloat16", "vec_size": 8})
scheduler.enter(3, 0, SETTINGS.__setitem__, ("axes", ("a", "b")))
scheduler.run()
DTYPE = jnp.dtype(SETTINGS["dtype"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("a", "b"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
