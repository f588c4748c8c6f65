"""The plan is computed on a worker `threading.Thread` that writes into a shared dict; `join()` waits for it."""
import threading

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PLAN = {}


def planner(out, topology):
    out["axes"] = tuple(name for name, size in topology if size > 1)
    out["op"] = "or"


worker = threading.Thread(target=planner, args=(PLAN, [("host", 2), ("gpu", 2)]))
worker.start()
worker.join()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PLAN["axes"], reduction_op=PLAN["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("host", "gpu"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
