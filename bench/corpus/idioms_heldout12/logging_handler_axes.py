"""A planner logs each axis it picks; a `logging.Handler` subclass collects the records' arguments."""
import logging

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class AxisRecorder(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.axes = []

    def emit(self, record):
        self.axes.append(record.args[0])


log = logging.getLogger("planner")
log.propagate = False
log.setLevel(logging.DEBUG)
recorder = AxisRecorder()
log.addHandler(recorder)


def plan():
    for axis in ("island", "chip"):
        log.debug("collective over %s", axis)


plan()
log.removeHandler(recorder)
AXES = tuple(recorder.axes)


def barrier_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
    pl.semaphore_wait(sem, 4)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("island", "chip"))
    call = plgpu.kernel(
        barrier_kernel,
        out_type=jax.ShapeDtypeStruct((256,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
