"""Each rule page's examples (the catalog's ``bad_example``/``good_example``) as programs.

A page shows a fragment; ``SCAFFOLDS`` completes it into a file the lowering worker can
run as ``__main__`` (imports, a mesh over the forced host devices, a launch). The bad
program must fail the way the page says (``bad_versions``: where JAX raises the rule's
class), and the good one must lower cleanly and draw no finding. test_rule_examples.py
checks them statically, and by real lowering (marked ``lowering``).
"""

from __future__ import annotations

from dataclasses import dataclass

PRELUDE = '''import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
'''


@dataclass(frozen=True)
class Scaffold:
    # Text around the example; "{example}" is replaced by it (indented as the slot is).
    bad: str
    good: str
    # JAX versions (major.minor) where lowering the bad program raises the rule's class.
    bad_versions: tuple[str, ...] = ("0.10", "0.12")


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line if line.strip() else line for line in text.strip("\n").splitlines())


def fill(template: str, example: str) -> str:
    """``template`` with its ``{example}`` line replaced by ``example``, at the slot's indent."""
    lines = []
    for line in template.splitlines():
        if line.strip() == "{example}":
            lines.append(_indent(example, line[: len(line) - len(line.lstrip())]))
        else:
            lines.append(line)
    return PRELUDE + "\n".join(lines) + "\n"


_LAUNCH = '''
mesh = jax.make_mesh((2,), ("{axis}",))
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct({shape}, jnp.{dtype}))
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f(jnp.ones({shape}, jnp.{dtype}))
'''

_NO_INPUT_LAUNCH = '''
mesh = jax.make_mesh((2, 2), ("x", "y"))
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32))
jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))()
'''

_BF16_STORE_KERNEL = "def kernel(x_ref, o_ref):\n    {example}" + _LAUNCH.format(
    axis="i", shape="(128, 128)", dtype="bfloat16")

_REDUCE_KERNEL = '''def kernel(x_ref, y_ref):
    {example}
    y_ref[...] = plgpu.layout_cast({target}, plgpu.Layout.WG_STRIDED((256, 128), vec_size=4))
'''

_PALLAS_CALL_SETUP = '''x = jnp.ones((256, 128), jnp.float32)


def kernel(x_ref, o_ref):
    pass


'''

_KERNEL_ARGS = '''def body(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, ("x",))


out_type = jax.ShapeDtypeStruct((128, 128), jnp.float32)
mesh = jax.make_mesh((2,), ("x",))
{example}
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f(jnp.ones((128, 128), jnp.float32))
'''

_TWO_AXIS_STORE = '''def kernel(x_ref, y_ref):
    {example}


mesh = jax.make_mesh((2, 2), ("x", "y"))
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32))
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f(jnp.ones((128, 128), jnp.float32))
'''

_SMEM_BUFFER = '''{example}


def kernel(x_gmem, o_gmem, smem, barrier):
    plgpu.copy_gmem_to_smem(x_gmem, smem, barrier)
    plgpu.barrier_wait(barrier)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64, 128), jnp.float16),
                    scratch_types=[scratch, plgpu.Barrier(num_arrivals=1)])
jax.jit(call)(jnp.ones((64, 128), jnp.float16))
'''

_TMA_COPY = '''def kernel(x_gmem, o_gmem, smem, barrier):
    {example}
    plgpu.barrier_wait(barrier)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                    scratch_types=[plgpu.SMEM((128,), jnp.float32), plgpu.Barrier(num_arrivals=1)])
jax.jit(call)(jnp.ones((2, 256), jnp.float32))
'''

_GMEM_COPY = '''def kernel(x_gmem, o_gmem, smem, barrier):
    {example}
    plgpu.barrier_wait(barrier)


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((2, 64, 128), jnp.float16),
                    scratch_types=[plgpu.SMEM((64, 128), jnp.float16), plgpu.Barrier(num_arrivals=1)])
jax.jit(call)(jnp.ones((2, 32, 128), jnp.float16))
'''

_RUN_SCOPED = '''def nothing(ref):
    pass


def kernel(x_gmem, o_gmem):
    {example}
    o_gmem[...] = x_gmem[...]


body = nothing
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                    num_threads=2, thread_name="wg")
jax.jit(call)(jnp.ones((128,), jnp.float32))
'''

_SEMAPHORES = '''def kernel(x_gmem, o_gmem, sems):
    {example}
    o_gmem[...] = x_gmem[...]


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                    scratch_types=[plgpu.SemaphoreType.REGULAR((2,))])
jax.jit(call)(jnp.ones((128,), jnp.float32))
'''

_TMA_WINDOW = '''def kernel(x_gmem, o_gmem, smem, barrier):
    {example}
    plgpu.barrier_wait(barrier)


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                    scratch_types=[plgpu.SMEM((128, {width}), jnp.float32),
                                   plgpu.Barrier(num_arrivals=1)])
jax.jit(call)(jnp.ones((128, 128), jnp.float32))
'''

_BITCAST_LAUNCH = '''
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct({shape}, jnp.{dtype}))
jax.jit(call)(jnp.ones((128,), jnp.float32))
'''

_INT8_LAUNCH = '''{example}


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((512,), jnp.int8))
jax.jit(call)(jnp.ones((512,), jnp.int8))
'''

_LANE_LOAD = '''def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1


{example}
jax.jit(call)(jnp.ones({size}, jnp.float32))
'''

_WGMMA = '''{example}


TRANSFORMS = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64, 128), jnp.float32),
                    scratch_types=[plgpu.SMEM((64, 128), jnp.float16, transforms=TRANSFORMS),
                                   plgpu.SMEM((128, 128), jnp.float16, transforms=TRANSFORMS)])
jax.jit(call)()
'''

# One element of the input as a scalar, cast by the page's line, then scaling the array.
_SCALAR_CAST = '''def kernel(x_ref, o_ref):
    {example}
    o_ref[...] = x_ref[...] * total


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64, 128), jnp.float32))
jax.jit(call)(jnp.ones((64, 128), jnp.float32))
'''

# A Blackwell MMA step with b held as (N, K): the page's fragment issues the tcgen05_mma.
_TCGEN05 = '''{example}
    plgpu.barrier_wait(mma_done)
    o_ref[...] = plgpu.async_load_tmem(acc_tmem)


TRANSFORMS = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
                    scratch_types=[plgpu.SMEM((128, 64), jnp.float16, transforms=TRANSFORMS),
                                   plgpu.SMEM((128, 64), jnp.float16, transforms=TRANSFORMS),
                                   plgpu.TMEM((128, 128), jnp.float32),
                                   plgpu.Barrier(orders_tensor_core=True)])
jax.jit(call)()
'''

# The page's fragment reads the accumulator of a finished Blackwell MMA.
_TMEM_READ = '''def kernel(o_ref, a_smem, b_smem, acc_tmem, mma_done):
    plgpu.tcgen05_mma(acc_tmem, a_smem, b_smem, mma_done, accumulate=False)
    plgpu.barrier_wait(mma_done)
    {example}


TRANSFORMS = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
                    scratch_types=[plgpu.SMEM((128, 64), jnp.float16, transforms=TRANSFORMS),
                                   plgpu.SMEM((64, 128), jnp.float16, transforms=TRANSFORMS),
                                   plgpu.TMEM((128, 128), jnp.float32),
                                   plgpu.Barrier(orders_tensor_core=True)])
jax.jit(call)()
'''

# The page's fragment builds the TMEM buffer type a kernel then allocates.
_TMEM_TYPE = '''{example}


def kernel(o_ref, tmem_ref):
    o_ref[...] = jnp.zeros((128, 128), jnp.float32)


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
                    scratch_types=[acc_tmem])
jax.jit(call)()
'''

_BARRIER_SCRATCH = '''def kernel(x_ref, o_ref, smem, barrier):
    plgpu.copy_gmem_to_smem(x_ref, smem, barrier)
    plgpu.barrier_wait(barrier)
    o_ref[...] = smem[...]


@jax.jit
def copy(x):
    call = plgpu.kernel(
        kernel,
        out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
        {example}
    )
    return call(x)


copy(jnp.ones((128, 128), jnp.float32))
'''

_CLUSTER_COPY = '''def kernel(x_ref, o_ref, smem, barrier):
    {example}
    plgpu.barrier_wait(barrier)
    o_ref[...] = smem[...]


call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
                    cluster=(2,), cluster_names=("c",),
                    scratch_types=[plgpu.SMEM((128, 128), jnp.float32), plgpu.Barrier(num_arrivals=1)])
jax.jit(call)(jnp.ones((128, 128), jnp.float32))
'''

SCAFFOLDS: dict[str, Scaffold] = {
    "PAL014": Scaffold(bad=_WGMMA, good=_WGMMA),
    "PAL029": Scaffold(bad=_WGMMA, good=_WGMMA),
    "PAL030": Scaffold(bad=_WGMMA, good=_WGMMA),
    "PAL031": Scaffold(bad=_SCALAR_CAST, good=_SCALAR_CAST),
    "PAL040": Scaffold(bad=_TCGEN05, good=_TCGEN05),
    "PAL041": Scaffold(bad=_TMEM_TYPE, good=_TMEM_TYPE),
    "PAL042": Scaffold(bad=_TMEM_READ, good=_TMEM_READ),
    # The good example copies one (64, 128) window of a (2, 64, 128) input as it is.
    "PAL044": Scaffold(bad=_RUN_SCOPED, good=_RUN_SCOPED),
    "PAL045": Scaffold(bad=_SEMAPHORES, good=_SEMAPHORES),
    # The buffer is the window: 2 float32 columns (8-byte rows) bad, 4 (16 bytes) good.
    "PAL046": Scaffold(bad=_TMA_WINDOW.replace("{width}", "2"),
                       good=_TMA_WINDOW.replace("{width}", "4")),
    "PAL049": Scaffold(bad=_INT8_LAUNCH, good=_INT8_LAUNCH),
    "PAL048": Scaffold(bad="{example}" + _BITCAST_LAUNCH.format(shape="(128, 2)", dtype="int16"),
                       good="{example}" + _BITCAST_LAUNCH.format(shape="(128,)", dtype="int32")),
    "PAL043": Scaffold(bad=_GMEM_COPY, good=_GMEM_COPY.replace("(2, 32, 128)", "(2, 64, 128)")),
    "PAL015": Scaffold(bad=_BARRIER_SCRATCH, good=_BARRIER_SCRATCH),
    "PAL025": Scaffold(bad=_CLUSTER_COPY, good=_CLUSTER_COPY),
    "PAL012": Scaffold(bad=_SMEM_BUFFER, good=_SMEM_BUFFER),
    "PAL013": Scaffold(bad=_TMA_COPY, good=_TMA_COPY),
    "PAL027": Scaffold(bad=_LANE_LOAD.replace("{size}", "(64,)"),
                       good=_LANE_LOAD.replace("{size}", "(128,)")),
    # The page's bad example is a whole program; the good one replaces its launch.
    "PAL001": Scaffold(
        bad="{example}",
        good="{shared}\n{example}",
    ),
    "PAL003": Scaffold(
        bad="{example}" + _LAUNCH.format(axis="i", shape="(128, 256)", dtype="float32"),
        good="{example}" + _LAUNCH.format(axis="i", shape="(128, 256)", dtype="float32"),
        bad_versions=("0.10",),
    ),
    "PAL004": Scaffold(
        bad=_BF16_STORE_KERNEL,
        good=_BF16_STORE_KERNEL,
    ),
    "PAL005": Scaffold(
        bad="{example}" + _NO_INPUT_LAUNCH,
        good="{example}" + _NO_INPUT_LAUNCH,
    ),
    "PAL006": Scaffold(
        bad=_REDUCE_KERNEL + _LAUNCH.format(axis="x", shape="(256, 128)", dtype="float32"),
        good=_REDUCE_KERNEL + _LAUNCH.format(axis="x", shape="(256, 128)", dtype="float32"),
    ),
    "PAL008": Scaffold(
        bad=_PALLAS_CALL_SETUP + "{example}\njax.jit(call)(x)\n",
        good=_PALLAS_CALL_SETUP + "{example}\njax.jit(call)(x)\n",
        bad_versions=("0.12",),
    ),
    "PAL010": Scaffold(bad=_KERNEL_ARGS, good=_KERNEL_ARGS),
    # The page's examples are whole programs (a harness's helper and its call under jax.jit).
    "PAL064": Scaffold(bad="{example}", good="{example}"),
    "PAL011": Scaffold(bad=_TWO_AXIS_STORE, good=_TWO_AXIS_STORE),
    "PAL007": Scaffold(
        bad='''def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")
    y_ref[...] = {inline}
''' + _LAUNCH.format(axis="x", shape="(256, 128)", dtype="float32"),
        good='''def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")
    y_ref[...] = {inline}
''' + _LAUNCH.format(axis="x", shape="(256, 128)", dtype="float32"),
    ),
}


def programs(code: str, bad_example: str, good_example: str) -> tuple[str, str]:
    """(bad program, good program) of one rule's page."""
    scaffold = SCAFFOLDS[code]

    def complete(template: str, example: str) -> str:
        if "{target}" in template:
            template = template.replace("{target}", example.strip().split("=")[0].strip())
        if "{inline}" in template:
            return PRELUDE + template.replace("{inline}", example.strip().split("#")[0].strip()) + "\n"
        if "{shared}" in template:
            shared = bad_example.split("with jax.set_mesh")[0]
            return fill(template.replace("{shared}", shared.strip("\n")), example)
        return fill(template, example)

    return complete(scaffold.bad, bad_example), complete(scaffold.good, good_example)
