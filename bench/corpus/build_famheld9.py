"""Build the ninth held-out families corpus `famheld9` (issue 27), written blind: user-style Mosaic GPU
kernels written for this set (no earlier set, `families`, `famheld` ... `famheld8`, used them), six bases
adapted from JAX's own tests that no earlier set took, and one-edit mutants of them by famheld9_mutate.py
(operators written from JAX's own checks, blind to the checker).

usage: build_famheld9.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld9/user/NAME.py  the kernels in KERNELS below, written for this set. What is new against famheld3 ...
                         famheld8 is the Python that carries the values the kernel depends on: data
                         descriptors (__set_name__ / __get__ / __set__), a property setter that re-derives
                         a tiling, a class decorator with arguments, an __init_subclass__ registry with class
                         keywords, a metaclass __call__ that fills defaults, functools.singledispatch,
                         functools.partialmethod, a functools.wraps decorator factory, itertools.accumulate
                         (initial=), itertools.chain.from_iterable, itertools.islice over itertools.repeat,
                         dataclasses.asdict / astuple, a typing.NamedTuple with defaults read through
                         _replace / _asdict, contextlib.contextmanager overrides, a contextlib.ExitStack of
                         layers, a generator driven with send(), a nonlocal counter closure, a mutable default
                         argument, *args / **kwargs forwarded through two layers, argparse parse_args() of an
                         explicit argv list, configparser.read_string of an INI text, string.Template, re.match
                         groups, math.lcm / ceil / isqrt, copy.deepcopy of a nested config, a dunder __iter__
                         unpacked into a cluster shape, operator.methodcaller, min(key=...) with a tie-break,
                         frozenset and set / dict comprehensions, reversed(enumerate(...)), a diamond MRO with
                         cooperative super().__init__, __slots__, an abstract property met by a class attribute,
                         chained comparisons, conditional expressions, a global launch counter,
                         sys.version_info branches, getattr / inspect.signature fallbacks over JAX's API drift,
                         enum.StrEnum axis names, map() over lambdas, and int.bit_length rounding.
  famheld9/jax/NAME.py   six kernels of tests/pallas/mosaic_gpu_test.py (the mirror's HEAD) that no earlier set
                         took as a base (PallasCallWarpPrimitiveSemanticsTest.test_warp_specialized_transpose,
                         PallasCallTCGen05Test.test_tmem (collective=False), test_tmem_column_slicing,
                         test_async_copy_smem_to_tmem (swizzle 128), test_simple_warp_specialized_matmul and
                         PrettyPrintingTest.test_copy_primitives), the test's kernel kept with its first
                         parameter set and its self.kernel / pallas_call harness rewritten as a plain
                         plgpu.kernel launch under the test class's Lane semantics. Host adaptations, each
                         commented where it is made: plgpu.load's index on 0.10.2 (a try/except), ref.transpose
                         for the plgpu.transpose_ref that fails on 0.11 / 0.12, f16 TMEM results stored through
                         SMEM and TMA (0.12.0.1 cannot store them straight to GMEM), and test_copy_primitives'
                         input widened to the 4 column blocks its pipeline reads (the test only traces it).
                         test_nd_loop_under_warp was tried and left out: 0.10.2 refuses its nd_loop
                         collective axis inside warp_map ("Named axes can only refer to the warp axis name").
The kernels cover TMA copies with barriers (1-D / 2-D grids, column segments, grouped stores, cluster
multicast), swizzle / tiling transforms, WGMMA (single tiles and a K pipeline), barriers (arrival counts,
barrier arrays, ClusterBarrier), emit_pipeline and emit_pipeline_warp_specialized, producer / consumer threads
with set_max_registers, register layouts (WGMMA, WG_STRIDED, iota with layout_cast, row blocks of refs),
reductions, casts and elementwise ops, lax.fori_loop / cond / switch in a kernel, compiler
parameters, TMEM round trips and column slices, warp_map / tcgen05 MMA, and four multi-device kernels under
jax.shard_map (multimem_store, multimem_load_reduce over 1-D and 2-D meshes, semaphore_signal_multicast) over
meshes of the host's CPU devices.
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for
CUDA, never compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld9).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of each,
sampled with a fixed seed (an operator for at most --max-per-op bases; build_famheld.capped_mutation_cli,
shared with build_famheld8.py); edits anywhere in the file but the docstring line. Nothing here decides
whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld9_dropped.json.

The commands that built /work/famheld9-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld9.py /work/famheld9-out
  nice -n 15 python3 label.py /work/famheld9-out --jobs 1 --only famheld9 $PY
  cp /work/famheld9-out/labels.json /tmp/famheld9_stage1.json
  python3 build_famheld9.py /work/famheld9-out --keep /tmp/famheld9_stage1.json --per-base 6 --per-op 1
  nice -n 15 python3 label.py /work/famheld9-out --jobs 1 --only famheld9 $PY
"""

from __future__ import annotations

import importlib

from famheld9_mutate import famheld9_mutants

_famheld = importlib.import_module("build_famheld")

# name -> source of each base after its first newline (2-space indents as in JAX's docs).
KERNELS_A: dict[str, str] = {
    "descriptor_tile_fields": r'''
"""A swizzled f16 TMA round trip; the tile's fields are data descriptors with class-level defaults."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Default:
  def __init__(self, value):
    self.value = value

  def __set_name__(self, owner, name):
    self.slot = "_" + name

  def __get__(self, obj, objtype=None):
    if obj is None:
      return self.value
    return getattr(obj, self.slot, self.value)

  def __set__(self, obj, value):
    setattr(obj, self.slot, value)


class TileSpec:
  rows = Default(64)
  cols = Default(64)
  swizzle = Default(128)
  dtype = Default(jnp.float16)

  def transforms(self):
    elems = self.swizzle // jnp.dtype(self.dtype).itemsize
    return (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(self.swizzle))


SPEC = TileSpec()
SPEC.rows = 128


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(3, SPEC.dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def triple(x):
  shape = (SPEC.rows, SPEC.cols)
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(shape, SPEC.dtype),
      scratch_types=[plgpu.SMEM(shape, SPEC.dtype, transforms=SPEC.transforms()), plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(triple)(jnp.ones((SPEC.rows, SPEC.cols), SPEC.dtype)).sum())
''',
    "property_setter_tiling": r'''
"""bf16 staging through swizzled SMEM; a property setter re-derives the tiling whenever the swizzle is set."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Staging:
  def __init__(self, shape, dtype):
    self.shape, self.dtype = shape, dtype
    self.swizzle = 128

  @property
  def swizzle(self):
    return self._swizzle

  @swizzle.setter
  def swizzle(self, value):
    self._swizzle = value
    self.tiling = (8, value // jnp.dtype(self.dtype).itemsize)

  @property
  def transforms(self):
    return (plgpu.TilingTransform(self.tiling), plgpu.SwizzleTransform(self.swizzle))


STAGE = Staging((64, 32), jnp.bfloat16)
STAGE.swizzle = 64


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(STAGE.shape, STAGE.dtype),
    scratch_types=[plgpu.SMEM(STAGE.shape, STAGE.dtype, transforms=STAGE.transforms), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(double)(jnp.ones(STAGE.shape, STAGE.dtype)).dtype)
''',
    "class_decorator_row_plan": r'''
"""Row blocks copied through SMEM by a 1-D grid; a class decorator with arguments writes the plan."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def plan(**values):
  def apply(cls):
    for key, value in values.items():
      setattr(cls, key, value)
    cls.total_rows = cls.programs * cls.block_rows
    return cls
  return apply


@plan(
    programs=4,
    block_rows=64,
    cols=128,
)
class RowPlan:
  axis = "row"


def kernel(x_gmem, o_gmem, buf, bar):
  rows = pl.ds(lax.axis_index(RowPlan.axis) * RowPlan.block_rows, RowPlan.block_rows)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], buf, bar)
  plgpu.barrier_wait(bar)
  buf[...] = buf[...] - 0.5
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


shift = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((RowPlan.total_rows, RowPlan.cols), jnp.float32),
    scratch_types=[plgpu.SMEM((RowPlan.block_rows, RowPlan.cols), jnp.float32), plgpu.Barrier()],
    grid=(RowPlan.programs,),
    grid_names=("row",),
)

if __name__ == "__main__":
  print(jax.jit(shift)(jnp.ones((RowPlan.total_rows, RowPlan.cols), jnp.float32)).sum())
''',
    "init_subclass_pipelines": r'''
"""An emit_pipeline difference; stages and block come from __init_subclass__ class keywords of a registry."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

PIPELINES = {}


class Pipeline:
  def __init_subclass__(cls, stages=2, block=(64, 128), **kwargs):
    super().__init_subclass__(**kwargs)
    cls.stages, cls.block = stages, block
    PIPELINES[cls.__name__.lower()] = cls


class Shallow(Pipeline):
  pass


class Deep(Pipeline,
           stages=3,
           block=(32, 128)):
  pass


CHOSEN = PIPELINES["deep"]
STEPS = 4


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(CHOSEN.block, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=CHOSEN.stages)(x_gmem, y_gmem, o_gmem)


def sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == "__main__":
  x = jnp.ones((STEPS * CHOSEN.block[0], CHOSEN.block[1]), jnp.float32)
  print(jax.jit(sub)(x, 2 * x).sum())
''',
    "metaclass_defaults_wgmma": r'''
"""A single WGMMA tile; a metaclass __call__ fills the constructor's keywords from the class DEFAULTS."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class WithDefaults(type):
  def __call__(cls, **kwargs):
    merged = {**cls.DEFAULTS, **kwargs}
    return super().__call__(**merged)


class Tile(metaclass=WithDefaults):
  DEFAULTS = {"m": 64, "n": 128, "k": 64, "dtype": jnp.float16}

  def __init__(self, m, n, k, dtype):
    self.m, self.n, self.k, self.dtype = m, n, k, dtype
    self.elems = 128 // jnp.dtype(dtype).itemsize


TILE = Tile(n=64)


def transforms():
  return (plgpu.TilingTransform((8, TILE.elems)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bars):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bars.at[0])
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bars.at[1])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((TILE.m, TILE.n), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((TILE.m, TILE.n), jnp.float32),
      scratch_types=[plgpu.SMEM((TILE.m, TILE.k), TILE.dtype, transforms=transforms()),
                     plgpu.SMEM((TILE.k, TILE.n), TILE.dtype, transforms=transforms()),
                     plgpu.Barrier(num_barriers=2)],
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((TILE.m, TILE.k), TILE.dtype)
  b = jnp.ones((TILE.k, TILE.n), TILE.dtype)
  print(jax.jit(matmul)(a, b).sum())
''',
    "singledispatch_cast": r'''
"""Scale a tile and cast it to a narrower dtype; both dtypes are resolved by functools.singledispatch."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@functools.singledispatch
def resolve(spec):
  raise TypeError(f"cannot resolve a dtype from {spec!r}")


@resolve.register
def _(spec: str):
  return {"half": jnp.float16, "brain": jnp.bfloat16}[spec]


@resolve.register
def _(spec: int):
  return {16: jnp.float16, 32: jnp.float32}[spec]


IN_DTYPE = resolve(32)
OUT_DTYPE = resolve("brain")
SHAPE = (128, 64)


def kernel(x_ref, o_ref):
  o_ref[...] = (x_ref[...] * 0.25).astype(OUT_DTYPE)


narrow = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, OUT_DTYPE))

if __name__ == "__main__":
  print(jax.jit(narrow)(jnp.ones(SHAPE, IN_DTYPE)).dtype)
''',
    "partialmethod_activation": r'''
"""An activation applied to a tile from GMEM; the activations are functools.partialmethod variants."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)


class Activations:
  def apply(self, name, x):
    return getattr(self, "_" + name)(x)

  def _relu(self, x):
    return jnp.maximum(x, 0.0)

  def _silu(self, x):
    return x / (1.0 + jnp.exp(-x))

  def _softsign(self, x):
    return x / (1.0 + jnp.abs(x))

  relu = functools.partialmethod(apply, "relu")
  silu = functools.partialmethod(apply, "silu")
  softsign = functools.partialmethod(apply, "softsign")


ACT = Activations()


def kernel(x_ref, o_ref):
  o_ref[...] = ACT.silu(x_ref[...])


act = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))

if __name__ == "__main__":
  print(jax.jit(act)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "wraps_launcher_blocks": r'''
"""A blocked softplus over a vector; a functools.wraps decorator factory with arguments launches the body."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK, SIZE = 256, 2048


def launched(block, size, axis="blk"):
  def decorate(body):
    @functools.wraps(body)
    def run(x):
      return plgpu.kernel(
          functools.partial(body, block=block, axis=axis),
          out_type=jax.ShapeDtypeStruct((size,), x.dtype),
          grid=(size // block,),
          grid_names=(axis,),
      )(x)
    return run
  return decorate


@launched(BLOCK,
          SIZE)
def softplus(x_ref, o_ref, *, block, axis):
  win = pl.ds(lax.axis_index(axis) * block, block)
  o_ref[win] = jnp.log(1.0 + jnp.exp(x_ref[win]))


if __name__ == "__main__":
  print(softplus.__name__, jax.jit(softplus)(jnp.zeros((SIZE,), jnp.float32))[:4])
''',
    "accumulate_column_segments": r'''
"""Three column segments staged by separate TMA copies; segment offsets come from itertools.accumulate."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

WIDTHS = (64, 32, 32)
OFFSETS = tuple(itertools.accumulate(WIDTHS, initial=0))[:-1]
ROWS = 64


def kernel(x_gmem, o_gmem, s0, s1, s2, bars):
  bufs = (s0, s1, s2)
  for k, (off, width) in enumerate(zip(OFFSETS, WIDTHS)):
    plgpu.copy_gmem_to_smem(x_gmem.at[:, pl.ds(off, width)], bufs[k], bars.at[k])
  for k, buf in enumerate(bufs):
    plgpu.barrier_wait(bars.at[k])
    buf[...] = buf[...] * float(k + 1)
  plgpu.commit_smem()
  for off, width, buf in zip(OFFSETS, WIDTHS, bufs):
    plgpu.copy_smem_to_gmem(buf, o_gmem.at[:, pl.ds(off, width)])
  plgpu.wait_smem_to_gmem(0)


segments = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, sum(WIDTHS)), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, w), jnp.float32) for w in WIDTHS]
    + [plgpu.Barrier(num_barriers=len(WIDTHS))],
)

if __name__ == "__main__":
  print(jax.jit(segments)(jnp.ones((ROWS, sum(WIDTHS)), jnp.float32)).sum())
''',
    "chain_scratch_inputs": r'''
"""An elementwise minimum of two staged inputs; the SMEM buffers and barriers are joined by itertools.chain."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

INPUTS = ("lhs", "rhs")
SHAPE = (64, 128)
BUFFERS = [plgpu.SMEM(SHAPE, jnp.float32) for _ in INPUTS]
BARRIERS = [plgpu.Barrier(num_arrivals=1) for _ in INPUTS]
SCRATCH = list(itertools.chain.from_iterable((BUFFERS, BARRIERS)))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, a_bar, b_bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, a_bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, b_bar)
  plgpu.barrier_wait(a_bar)
  plgpu.barrier_wait(b_bar)
  a_smem[...] = jnp.minimum(a_smem[...], b_smem[...])
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def elementwise_min(a, b):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=SCRATCH)(a, b)


if __name__ == "__main__":
  x = jnp.ones(SHAPE, jnp.float32)
  print(jax.jit(elementwise_min)(x, -x).sum())
''',
    "islice_repeat_specs": r'''
"""A sum of three inputs with emit_pipeline; the identical in_specs come from islice(repeat(spec), N)."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

N_IN = 3
BLOCK = (64, 64)
STEPS = 4


def kernel(a_gmem, b_gmem, c_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda j: (0, j))
  in_specs = list(itertools.islice(itertools.repeat(spec), N_IN))

  def body(_, *refs):
    *ins, out = refs
    out[...] = ins[0][...] + ins[1][...] + ins[2][...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=in_specs, out_specs=[spec],
                      max_concurrent_steps=2)(a_gmem, b_gmem, c_gmem, o_gmem)


def add3(a, b, c):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(a.shape, a.dtype))(a, b, c)


if __name__ == "__main__":
  x = jnp.ones((BLOCK[0], STEPS * BLOCK[1]), jnp.float32)
  print(jax.jit(add3)(x, x, x).sum())
''',
    "asdict_compiler_params": r'''
"""A blocked tanh of a vector; a dataclass's dataclasses.asdict() supplies the CompilerParams keywords."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass
class Params:
  approx_math: bool = True
  lowering_semantics: object = plgpu.LoweringSemantics.Warpgroup


PARAMS = Params()
N, BLOCK = 1024, 256


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("i") * BLOCK, BLOCK)
  o_ref[win] = jnp.tanh(x_ref[win]) * 0.5


squash = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), jnp.float32),
    grid=(N // BLOCK,),
    grid_names=("i",),
    compiler_params=plgpu.CompilerParams(**dataclasses.asdict(PARAMS)),
)

if __name__ == "__main__":
  print(jax.jit(squash)(jnp.ones((N,), jnp.float32))[:4])
''',
    "astuple_block_pipeline": r'''
"""A pipelined exp over row blocks; the BlockSpec's block shape is dataclasses.astuple of a frozen Block."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class Block:
  rows: int = 128
  cols: int = 32


BLOCK = Block()
STEPS = 3


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec(dataclasses.astuple(BLOCK), lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = jnp.exp(x_smem[...])

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, o_gmem)


def exp(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  print(jax.jit(exp)(jnp.zeros((STEPS * BLOCK.rows, BLOCK.cols), jnp.float32)).sum())
''',
    "namedtuple_replace_strided": r'''
"""A square of a tile loaded in a WG_STRIDED layout; the plan is a NamedTuple with defaults and _replace."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Plan(NamedTuple):
  rows: int = 128
  cols: int = 64
  vec: int = 2


PLAN = Plan()._replace(vec=4)
LAYOUT = plgpu.Layout.WG_STRIDED((PLAN.rows, PLAN.cols), vec_size=PLAN.vec)


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, LAYOUT)
  o_ref[...] = x * x


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((PLAN.rows, PLAN.cols), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(square)(jnp.ones((PLAN.rows, PLAN.cols), jnp.float32)).sum())
''',
}

KERNELS_B: dict[str, str] = {
    "namedtuple_asdict_threads": r'''
"""Producer / consumer warpgroups; the launch keywords are a NamedTuple's _asdict() and registers a dict."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Launch(NamedTuple):
  num_threads: int = 2
  thread_name: str = "wg"


LAUNCH = Launch()
REGS = {"producer": 40, "consumer": 232}
SHAPE = (128, 64)


def kernel(x_gmem, o_gmem, smem, loaded, ready):
  role = lax.axis_index(LAUNCH.thread_name)

  @pl.when(role == 0)
  def _producer():
    plgpu.set_max_registers(REGS["producer"], action="decrease")
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_arrive(ready)

  @pl.when(role == 1)
  def _consumer():
    plgpu.set_max_registers(REGS["consumer"], action="increase")
    plgpu.barrier_wait(ready)
    smem[...] = smem[...] * smem[...] + 1.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


root = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(), plgpu.Barrier()],
    **LAUNCH._asdict(),
)

if __name__ == "__main__":
  print(jax.jit(root)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "contextmanager_override_swizzle": r'''
"""An f16 TMA round trip built inside a contextlib.contextmanager that overrides the module's config."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CONFIG = {"rows": 64, "cols": 64, "swizzle": 128, "dtype": jnp.float16}


@contextlib.contextmanager
def override(**changes):
  saved = dict(CONFIG)
  CONFIG.update(changes)
  try:
    yield CONFIG
  finally:
    CONFIG.clear()
    CONFIG.update(saved)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def build():
  elems = CONFIG["swizzle"] // jnp.dtype(CONFIG["dtype"]).itemsize
  transforms = (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(CONFIG["swizzle"]))
  shape = (CONFIG["rows"], CONFIG["cols"])
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(shape, CONFIG["dtype"]),
      scratch_types=[plgpu.SMEM(shape, CONFIG["dtype"], transforms=transforms), plgpu.Barrier()],
  )


if __name__ == "__main__":
  with override(swizzle=64, cols=32):
    square = build()
    x = jnp.ones((CONFIG["rows"], CONFIG["cols"]), CONFIG["dtype"])
  print(jax.jit(square)(x).sum())
''',
    "exitstack_ws_layers": r'''
"""A warp-specialized pipeline whose settings are layered by contextmanagers entered on an ExitStack."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

BASE = {"steps": 4, "block": (64, 128), "stages": 2, "compute_wgs": 1, "memory_registers": 40}
_LAYERS = [BASE]


@contextlib.contextmanager
def layer(**values):
  _LAYERS.append({**_LAYERS[-1], **values})
  try:
    yield _LAYERS[-1]
  finally:
    _LAYERS.pop()


with contextlib.ExitStack() as stack:
  for overrides in ({"stages": 3}, {"steps": 6}):
    cfg = stack.enter_context(layer(**overrides))
  WS = dict(cfg)


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec(WS["block"], lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * 0.5 + 1.0

  plgpu.emit_pipeline_warp_specialized(
      body, grid=(WS["steps"],), in_specs=[spec], out_specs=[spec],
      max_concurrent_steps=WS["stages"], num_compute_wgs=WS["compute_wgs"],
      memory_registers=WS["memory_registers"], wg_axis="wg",
  )(x_gmem, o_gmem)


def affine(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=WS["compute_wgs"] + 1, thread_name="wg")(x)


if __name__ == "__main__":
  print(jax.jit(affine)(jnp.ones((WS["steps"] * WS["block"][0], WS["block"][1]), jnp.float32)).sum())
''',
    "generator_send_fori": r'''
"""An unrolled lax.fori_loop accumulation; trip count and unroll come from a generator driven by send()."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)


def planner():
  trips = yield
  unroll = yield trips
  while True:
    unroll = yield trips, (unroll if trips % unroll == 0 else 1)


PLANNER = planner()
next(PLANNER)
PLANNER.send(6)
TRIPS, UNROLL = PLANNER.send(3)


def kernel(x_ref, o_ref):
  x = x_ref[...]

  def step(i, acc):
    return acc + x

  o_ref[...] = lax.fori_loop(0, TRIPS, step, x, unroll=UNROLL)


repeat_add = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))

if __name__ == "__main__":
  print(jax.jit(repeat_add)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "nonlocal_barrier_slots": r'''
"""A fused a * b + c of three staged inputs; barrier slots are handed out by a nonlocal counter closure."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (64, 64)


def slot_counter(start=0):
  count = start

  def take():
    nonlocal count
    count += 1
    return count - 1

  return take


take = slot_counter()
SLOTS = {name: take() for name in ("a", "b", "c")}


def kernel(a_gmem, b_gmem, c_gmem, o_gmem, a_smem, b_smem, c_smem, bars):
  for name, src, dst in (("a", a_gmem, a_smem), ("b", b_gmem, b_smem), ("c", c_gmem, c_smem)):
    plgpu.copy_gmem_to_smem(src, dst, bars.at[SLOTS[name]])
  for slot in SLOTS.values():
    plgpu.barrier_wait(bars.at[slot])
  a_smem[...] = a_smem[...] * b_smem[...] + c_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def fma(a, b, c):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.SMEM(SHAPE, jnp.float32),
                     plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(num_barriers=len(SLOTS))],
  )(a, b, c)


if __name__ == "__main__":
  x = jnp.ones(SHAPE, jnp.float32)
  print(jax.jit(fma)(x, x, x).sum())
''',
    "mutable_default_scratch": r'''
"""A clamp through SMEM; the scratch list is collected by a helper whose mutable default persists."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 32)


def scratch(*types, _collected=[]):
  _collected.extend(types)
  return _collected


scratch(plgpu.SMEM(SHAPE, jnp.float32))
SCRATCH = scratch(plgpu.Barrier())


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = jnp.clip(smem[...], -1.0, 1.0)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


clamp = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32), scratch_types=SCRATCH)

if __name__ == "__main__":
  print(jax.jit(clamp)(jnp.full(SHAPE, 3.0, jnp.float32)).sum())
''',
    "kwargs_forwarding_grid2d": r'''
"""A 2-D grid of TMA tiles scaled in SMEM; the launch keywords are forwarded through two **kwargs layers."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE = (64, 64)
GRID = (2, 3)
NAMES = ("i", "j")
SHAPE = (GRID[0] * TILE[0], GRID[1] * TILE[1])


def kernel(x_gmem, o_gmem, tile, bar):
  i, j = lax.axis_index(NAMES[0]), lax.axis_index(NAMES[1])
  win = (pl.ds(i * TILE[0], TILE[0]), pl.ds(j * TILE[1], TILE[1]))
  plgpu.copy_gmem_to_smem(x_gmem.at[win], tile, bar)
  plgpu.barrier_wait(bar)
  tile[...] = tile[...] * 4.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(tile, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


def _with_mesh(body, out, **mesh):
  return plgpu.kernel(body, out_type=out, **mesh)


def launch(body, *args, out, **mesh):
  return _with_mesh(body, out, **mesh)(*args)


def scale(x):
  return launch(kernel, x, out=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                scratch_types=[plgpu.SMEM(TILE, jnp.float32), plgpu.Barrier()],
                grid=GRID, grid_names=NAMES)


if __name__ == "__main__":
  print(jax.jit(scale)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "argparse_argv_block": r'''
"""A blocked affine map of a vector; the sizes are parsed by argparse from an explicit argv list."""
import argparse

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

parser = argparse.ArgumentParser()
parser.add_argument("--block", type=int, default=128)
parser.add_argument("--size", type=int, default=1024)
parser.add_argument("--dtype", default="float32")
ARGS = parser.parse_args(["--block", "256", "--size", "4096"])
DTYPE = jnp.dtype(ARGS.dtype)


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("b") * ARGS.block, ARGS.block)
  o_ref[win] = x_ref[win] * 2.0 + 1.0


affine = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ARGS.size,), DTYPE),
    grid=(ARGS.size // ARGS.block,),
    grid_names=("b",),
)

if __name__ == "__main__":
  print(jax.jit(affine)(jnp.ones((ARGS.size,), DTYPE))[:4])
''',
    "configparser_load_reduce": r'''
"""An all-reduce of float32 tiles with multimem_load_reduce; the mesh and widths come from an INI text."""
import configparser

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
INI = """
[mesh]
axis = x
devices = 2

[reduce]
rows = 64
cols = 128
vec = 4
op = add
"""
CFG = configparser.ConfigParser()
CFG.read_string(INI)
AXIS = CFG["mesh"]["axis"]
DEVICES = CFG.getint("mesh", "devices")
ROWS, COLS, VEC = (CFG.getint("reduce", key) for key in ("rows", "cols", "vec"))


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=AXIS, reduction_op=CFG["reduce"]["op"]),
      plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=VEC),
  )
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
    "template_axis_signal": r'''
"""A device barrier by semaphore_signal_multicast; the mesh axis name is filled in by string.Template."""
import string

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS_NAME = string.Template("${role}_${rank}")
AXIS = AXIS_NAME.substitute(role="peer", rank=0)
DEVICES = 2


def kernel(x_ref, o_ref, sem):
  o_ref[...] = x_ref[...] + 1.0
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXIS)
  pl.semaphore_wait(sem, DEVICES)


def sync_inc(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(sync_inc, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((DEVICES * 128, 128), jnp.float32)).shape)
''',
    "re_match_tile_spec": r'''
"""A swizzled TMA round trip; rows, cols, dtype and swizzle are the groups of re.match over a spec string."""
import re

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SPEC = "128x64:float16:sw128"
MATCH = re.match(r"(\d+)x(\d+):(\w+):sw(\d+)", SPEC)
ROWS, COLS = int(MATCH.group(1)), int(MATCH.group(2))
DTYPE = jnp.dtype(MATCH.group(3))
SWIZZLE = int(MATCH.group(4))
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // DTYPE.itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = jnp.maximum(smem[...], jnp.asarray(0, DTYPE))
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


relu = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(relu)(-jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "math_lcm_ceil_grid": r'''
"""A blocked |x| + 1 over a vector; the block is a math.lcm alignment and the grid a math.ceil."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

N = 3072
THREADS = 128
VECTOR = 4
ALIGN = math.lcm(THREADS, VECTOR * 32)
BLOCK = ALIGN * 2
GRID = math.ceil(N / BLOCK)


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("p") * BLOCK, BLOCK)
  o_ref[win] = jnp.abs(x_ref[win]) + 1.0


abs_inc = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), jnp.float32),
    grid=(GRID,),
    grid_names=("p",),
)

if __name__ == "__main__":
  print(jax.jit(abs_inc)(-jnp.ones((N,), jnp.float32))[:4])
''',
    "isqrt_square_wgmma": r'''
"""A WGMMA of a square LHS tile whose side is math.isqrt of its element count, times a wider RHS."""
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ELEMS = 4096
SIDE = math.isqrt(ELEMS)
N = 2 * SIDE
DT = jnp.bfloat16
TRANSFORMS = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bar)
  plgpu.barrier_wait(bar)

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((SIDE, N), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((SIDE, N), jnp.float32),
      scratch_types=[plgpu.SMEM((SIDE, SIDE), DT, transforms=TRANSFORMS),
                     plgpu.SMEM((SIDE, N), DT, transforms=TRANSFORMS),
                     plgpu.Barrier(num_arrivals=2)],
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((SIDE, SIDE), DT)
  b = jnp.ones((SIDE, N), DT)
  print(jax.jit(matmul)(a, b).sum())
''',
    "deepcopy_cluster_multicast": r'''
"""A TMA load multicast to a cluster of two CTAs; the config is a copy.deepcopy of a nested default."""
import copy

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

DEFAULT = {"tile": {"rows": 64, "cols": 128}, "cluster": {"size": 2, "axis": "cta"}}
CFG = copy.deepcopy(DEFAULT)
CFG["tile"]["rows"] = 32
ROWS, COLS = CFG["tile"]["rows"], CFG["tile"]["cols"]
CLUSTER, AXIS = CFG["cluster"]["size"], CFG["cluster"]["axis"]


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar, collective_axes=AXIS)
  plgpu.barrier_wait(bar)
  me = lax.axis_index(AXIS)
  part = ROWS // CLUSTER
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[pl.ds(me * part, part)], o_gmem.at[pl.ds(me * part, part)])
  plgpu.wait_smem_to_gmem(0)


bcast = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier()],
    grid=(CLUSTER,),
    grid_names=("blk",),
    cluster=(CLUSTER,),
    cluster_names=(AXIS,),
)

if __name__ == "__main__":
  print(DEFAULT["tile"]["rows"], jax.jit(bcast)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}

KERNELS_C: dict[str, str] = {
    "methodcaller_iota_layout": r'''
"""A tile plus a column ramp in a register layout chosen by operator.methodcaller on a layout table."""
import operator

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)


class Layouts:
  def __init__(self, shape):
    self.shape = shape

  def mma(self):
    return plgpu.Layout.WGMMA

  def strided(self, vec):
    return plgpu.Layout.WG_STRIDED(self.shape, vec_size=vec)

  def splat(self):
    return plgpu.Layout.WG_SPLAT(self.shape)


PICK = operator.methodcaller("strided", 2)
LAYOUT = PICK(Layouts(SHAPE))


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  ramp = plgpu.layout_cast(jax.lax.broadcasted_iota(jnp.float32, SHAPE, 1), LAYOUT)
  o_ref[...] = load_as(x_ref, LAYOUT) + ramp


ramp_add = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(ramp_add)(jnp.zeros(SHAPE, jnp.float32))[0, :4])
''',
    "min_key_wgmma_pipeline": r'''
"""A K-pipelined WGMMA; the (M, N) tile is min() over candidates with a key and a tie-break."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

CANDIDATES = [(64, 64), (64, 128), (128, 128), (128, 256)]
TARGET = 64 * 128
TM, TN = min(CANDIDATES, key=lambda t: (abs(t[0] * t[1] - TARGET), t[0]))
TK, K_STEPS = 64, 3
DT = jnp.float16


def transforms():
  return (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, o_gmem):
  def scope(acc):
    def body(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(0)

    plgpu.emit_pipeline(
        body,
        grid=(K_STEPS,),
        in_specs=[plgpu.BlockSpec((TM, TK), lambda k: (0, k), transforms=transforms()),
                  plgpu.BlockSpec((TK, TN), lambda k: (k, 0), transforms=transforms())],
        max_concurrent_steps=2,
    )(a_gmem, b_gmem)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((TM, TN), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((TM, TN), jnp.float32))(a, b)


if __name__ == "__main__":
  a = jnp.ones((TM, K_STEPS * TK), DT)
  b = jnp.ones((K_STEPS * TK, TN), DT)
  print(jax.jit(matmul)(a, b).sum())
''',
    "frozenset_swizzle_choice": r'''
"""A bf16 tile staged with the widest valid swizzle dividing its row: a frozenset and set / dict comprehensions."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

VALID_SWIZZLES = frozenset({32, 64, 128})
DTYPE = jnp.bfloat16
ROWS, COLS = 64, 128
ROW_BYTES = COLS * jnp.dtype(DTYPE).itemsize
FITTING = {s for s in VALID_SWIZZLES if ROW_BYTES % s == 0}
SWIZZLE = max(FITTING)
ELEMS = {dt: SWIZZLE // jnp.dtype(dt).itemsize for dt in (jnp.float16, jnp.bfloat16, jnp.float32)}


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def square(x):
  transforms = (plgpu.TilingTransform((8, ELEMS[DTYPE])), plgpu.SwizzleTransform(SWIZZLE))
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
      scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=transforms), plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(square)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "reversed_grouped_stores": r'''
"""Three scaled copies of a tile stored as one TMA group, issued in reversed(enumerate(...)) order."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

PARTS = ("low", "mid", "high")
SHAPE = (64, 64)


def kernel(x_gmem, *refs):
  outs, (src, s0, s1, s2, bar) = refs[:len(PARTS)], refs[len(PARTS):]
  plgpu.copy_gmem_to_smem(x_gmem, src, bar)
  plgpu.barrier_wait(bar)
  bufs = (s0, s1, s2)
  for k, buf in enumerate(bufs):
    buf[...] = src[...] * float(k + 1)
  plgpu.commit_smem()
  for k, (buf, out) in reversed(list(enumerate(zip(bufs, outs)))):
    plgpu.copy_smem_to_gmem(buf, out, commit_group=False)
  plgpu.commit_smem_to_gmem_group()
  plgpu.wait_smem_to_gmem(0)


def scaled(x):
  return plgpu.kernel(
      kernel,
      out_type=tuple(jax.ShapeDtypeStruct(SHAPE, jnp.float32) for _ in PARTS),
      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32) for _ in range(4)] + [plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print([o.sum() for o in jax.jit(scaled)(jnp.ones(SHAPE, jnp.float32))])
''',
    "diamond_mro_tmem": r'''
"""A TMEM round trip whose allocation is built by a diamond of classes with cooperative super().__init__."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Alloc:
  def __init__(self):
    self.rows, self.cols = 128, 128


class Wide(Alloc):
  def __init__(self):
    super().__init__()
    self.cols *= 2


class Staged(Alloc):
  def __init__(self):
    super().__init__()
    self.transforms = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


class WideStaged(Wide, Staged):
  pass


ACC = WideStaged()


def kernel(x_gmem, o_gmem, smem, tmem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  plgpu.async_store_tmem(tmem, plgpu.layout_cast(smem[...], plgpu.Layout.TCGEN05) + 1.0)
  plgpu.commit_tmem()
  smem[...] = plgpu.async_load_tmem(tmem)
  plgpu.wait_load_tmem()
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


inc = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ACC.rows, ACC.cols), jnp.float32),
    scratch_types=[plgpu.SMEM((ACC.rows, ACC.cols), jnp.float32, transforms=ACC.transforms),
                   plgpu.TMEM((ACC.rows, ACC.cols), jnp.float32), plgpu.Barrier()],
)

if __name__ == "__main__":
  print([c.__name__ for c in WideStaged.__mro__], jax.jit(inc)(jnp.ones((ACC.rows, ACC.cols), jnp.float32)).sum())
''',
    "slots_row_reduce": r'''
"""A row reduction of a WGMMA-layout tile; the reduction's settings live in a __slots__ class."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Reduction:
  __slots__ = ("rows", "cols", "axis", "op")

  def __init__(self, rows, cols, axis, op):
    self.rows, self.cols, self.axis, self.op = rows, cols, axis, op


RED = Reduction(128, 64, 1, jnp.max)


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, plgpu.Layout.WGMMA)
  o_ref[...] = RED.op(x, axis=RED.axis)


row_max = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((RED.rows,), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(row_max)(jnp.ones((RED.rows, RED.cols), jnp.float32))[:4])
''',
    "abstract_property_ws": r'''
"""A warp-specialized add with two compute warpgroups; an abstract property is met by a class attribute."""
import abc

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class WsPlan(abc.ABC):
  block = (128, 64)
  steps = 4
  stages = 2

  @property
  @abc.abstractmethod
  def compute_wgs(self):
    ...

  @property
  def threads(self):
    return self.compute_wgs + 1


class TwoConsumers(WsPlan):
  compute_wgs = 2


PLAN = TwoConsumers()


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(PLAN.block, lambda i: (0, i))

  def body(_, x_smem, y_smem, o_block):
    o_block[...] = x_smem[...] + y_smem[...]

  plgpu.emit_pipeline_warp_specialized(
      body, grid=(PLAN.steps,), in_specs=[spec, spec],
      out_specs=[plgpu.BlockSpec(PLAN.block, lambda i: (0, i), memory_space=plgpu.GMEM)],
      max_concurrent_steps=PLAN.stages, num_compute_wgs=PLAN.compute_wgs, memory_registers=40,
      wg_axis="wg",
  )(x_gmem, y_gmem, o_gmem)


def add(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=PLAN.threads, thread_name="wg")(x, y)


if __name__ == "__main__":
  x = jnp.ones((PLAN.block[0], PLAN.steps * PLAN.block[1]), jnp.float32)
  print(jax.jit(add)(x, x).sum())
''',
    "chained_comparison_arrivals": r'''
"""Worker threads arrive on a shared barrier; the arrival count is guarded by chained comparisons."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

THREADS = 3
WORKERS = THREADS - 1 if 2 <= THREADS <= 4 else 1
SHAPE = (64, 128)


def kernel(x_gmem, o_gmem, smem, loaded, done):
  t = lax.axis_index("t")

  @pl.when(t == 0)
  def _leader():
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_wait(done)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)

  @pl.when(t > 0)
  def _worker():
    plgpu.barrier_arrive(done)


copy = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(),
                   plgpu.Barrier(num_arrivals=WORKERS)],
    num_threads=THREADS,
    thread_name="t",
)

if __name__ == "__main__":
  print(jax.jit(copy)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "conditional_expr_cond": r'''
"""A lax.cond on a flag from GMEM between an affine map and the identity; constants by conditional expressions."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

MODE = "affine"
SCALE = 2.0 if MODE == "affine" else 1.0
OFFSET = -1.0 if MODE == "affine" else 0.0
SIZE = 512 if MODE != "small" else 128


def kernel(flag_ref, x_ref, o_ref):
  x = x_ref[...]
  o_ref[...] = lax.cond(flag_ref[0] != 0, lambda v: v * SCALE + OFFSET, lambda v: v, x)


maybe_affine = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(maybe_affine)(jnp.array([1], jnp.int32), jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "global_counter_axes": r'''
"""Two blocked scalings, each launched with a fresh grid axis name from a global launch counter."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

_LAUNCHES = 0


def fresh_axis(prefix):
  global _LAUNCHES
  _LAUNCHES += 1
  return f"{prefix}{_LAUNCHES}"


def make_scale(factor, block=256, size=2048):
  axis = fresh_axis("blk")

  def body(x_ref, o_ref):
    win = pl.ds(lax.axis_index(axis) * block, block)
    o_ref[win] = x_ref[win] * factor

  return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((size,), jnp.float32),
                      grid=(size // block,), grid_names=(axis,))


double = make_scale(2.0)
halve = make_scale(0.5, block=512)

if __name__ == "__main__":
  x = jnp.ones((2048,), jnp.float32)
  print(_LAUNCHES, jax.jit(lambda v: halve(double(v)))(x)[:4])
''',
    "version_info_batched_cols": r'''
"""Column blocks handled in groups per program; itertools.batched or a fallback by sys.version_info."""
import sys

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

if sys.version_info >= (3, 12):
  from itertools import batched
else:
  def batched(items, n):
    items = list(items)
    return [tuple(items[i:i + n]) for i in range(0, len(items), n)]

COL_BLOCKS = tuple(range(4))
GROUPS = list(batched(COL_BLOCKS, 2))
PER_GROUP = len(GROUPS[0])
TILE = (64, 64)


def kernel(x_gmem, o_gmem, bufs, bars):
  g = lax.axis_index("g")
  for k in range(PER_GROUP):
    cols = pl.ds((g * PER_GROUP + k) * TILE[1], TILE[1])
    plgpu.copy_gmem_to_smem(x_gmem.at[:, cols], bufs.at[k], bars.at[k])
  for k in range(PER_GROUP):
    cols = pl.ds((g * PER_GROUP + k) * TILE[1], TILE[1])
    plgpu.barrier_wait(bars.at[k])
    bufs[k] = bufs[k] + 1.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(bufs.at[k], o_gmem.at[:, cols])
  plgpu.wait_smem_to_gmem(0)


inc = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((TILE[0], len(COL_BLOCKS) * TILE[1]), jnp.float32),
    scratch_types=[plgpu.SMEM((PER_GROUP, *TILE), jnp.float32), plgpu.Barrier(num_barriers=PER_GROUP)],
    grid=(len(GROUPS),),
    grid_names=("g",),
)

if __name__ == "__main__":
  print(jax.jit(inc)(jnp.zeros((TILE[0], len(COL_BLOCKS) * TILE[1]), jnp.float32)).sum())
''',
    "getattr_drift_barrier": r'''
"""A two-thread handoff through a shared barrier; getattr / inspect.signature bridge JAX API drift."""
import inspect

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 64)
TRANSFORMS = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))
arrive_and_wait = getattr(plgpu, "barrier_arrive_and_wait", None)
if arrive_and_wait is None:
  def arrive_and_wait(barrier):
    plgpu.barrier_arrive(barrier)
    plgpu.barrier_wait(barrier)

LOAD_TAKES_INDEX = inspect.signature(plgpu.load).parameters.get("idx") is not None


def load_wgmma(ref):
  if LOAD_TAKES_INDEX:
    return plgpu.load(ref, (), layout=plgpu.Layout.WGMMA, optimized=False)
  return plgpu.load(ref, layout=plgpu.Layout.WGMMA, optimized=False)


def kernel(x_ref, o_ref, smem, handoff):
  t = lax.axis_index("t")

  @pl.when(t == 0)
  def _stage():
    smem[...] = load_wgmma(x_ref) * 3.0

  arrive_and_wait(handoff)

  @pl.when(t == 1)
  def _store():
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_ref)
    plgpu.wait_smem_to_gmem(0)


handoff = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32, transforms=TRANSFORMS), plgpu.Barrier(num_arrivals=2)],
    num_threads=2,
    thread_name="t",
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(handoff)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "strenum_multimem_store": r'''
"""Device 0 pushes a constant tile to every peer with multimem_store; the mesh axis is an enum.StrEnum."""
import enum

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Axis(enum.StrEnum):
  DATA = "x"


DEVICES = 2
SHAPE = (128, 128)


def kernel(y_ref, sem):
  @pl.when(lax.axis_index(Axis.DATA) == 0)
  def _root():
    tile = plgpu.layout_cast(jnp.full(SHAPE, 5, jnp.int32), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, Axis.DATA)

  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(Axis.DATA))
  pl.semaphore_wait(sem)


def push():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (Axis.DATA,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(push, mesh=mesh, in_specs=(), out_specs=P(Axis.DATA), check_vma=False))
  print(fn().shape)
''',
    "setcomp_mesh_load_reduce": r'''
"""An int32 max all-reduce over a 2-D mesh; the collective axes are a sorted set comprehension."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
MESH_SHAPE = {"x": 2, "y": 2}
AXES = tuple(sorted({name for name, size in MESH_SHAPE.items() if size > 1}))
DEVICES = MESH_SHAPE["x"] * MESH_SHAPE["y"]
ROWS, COLS = 64, 128


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="max"),
      plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=4),
  )
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
  pl.semaphore_wait(sem, DEVICES)


def allmax(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE),
                       axis_types=(jax.sharding.AxisType.Auto,) * len(MESH_SHAPE))
  spec = P(tuple(MESH_SHAPE))
  fn = jax.jit(jax.shard_map(allmax, mesh=mesh, in_specs=spec, out_specs=spec, check_vma=False))
  print(fn(jnp.ones((DEVICES * ROWS, COLS), jnp.int32)).shape)
''',
    "iter_dunder_cluster_barrier": r'''
"""Each CTA of a cluster increments its row half, then meets on a ClusterBarrier; the shape unpacks via __iter__."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class ClusterShape:
  def __init__(self, size, axis):
    self.size, self.axis = size, axis

  def __iter__(self):
    yield self.size
    yield self.axis


SIZE, AXIS = ClusterShape(2, "pair")
ROWS, COLS = 128, 64
HALF = ROWS // SIZE


def kernel(x_gmem, o_gmem, smem, bar, cluster_bar):
  me = lax.axis_index(AXIS)
  rows = pl.ds(me * HALF, HALF)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + 1.0
  plgpu.barrier_arrive(cluster_bar)
  plgpu.barrier_wait(cluster_bar)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


inc = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((HALF, COLS), jnp.float32), plgpu.Barrier(),
                   plgpu.ClusterBarrier(collective_axes=(AXIS,))],
    grid=(SIZE,),
    grid_names=("blk",),
    cluster=(SIZE,),
    cluster_names=(AXIS,),
)

if __name__ == "__main__":
  print(jax.jit(inc)(jnp.zeros((ROWS, COLS), jnp.float32)).sum())
''',
    "bit_length_tmem_cols": r'''
"""A TMEM round trip of a 100-column tile; the TMEM allocation is rounded up with int.bit_length."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS = 128
USED_COLS = 100
ALLOC_COLS = 1 << (USED_COLS - 1).bit_length()


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref, tmem):
  x = load_as(x_ref, plgpu.Layout.TCGEN05)
  cols = pl.ds(0, ALLOC_COLS)
  plgpu.async_store_tmem(tmem.at[:, cols], x * 0.5)
  plgpu.commit_tmem()
  o_ref[...] = plgpu.async_load_tmem(tmem.at[:, cols])


halve = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, ALLOC_COLS), jnp.float32),
    scratch_types=[plgpu.TMEM((ROWS, ALLOC_COLS), jnp.float32)],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(halve)(jnp.ones((ROWS, ALLOC_COLS), jnp.float32)).sum())
''',
    "map_lambda_switch": r'''
"""A lax.switch over scalings whose branches are made by map() over a lambda factory."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SCALES = (0.5, 1.0, 3.0)
SIZE = 256
BRANCHES = list(map(lambda s: (lambda v: v * s), SCALES))


def kernel(sel_ref, x_ref, o_ref):
  o_ref[...] = lax.switch(sel_ref[0], BRANCHES, x_ref[...])


pick_scale = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(pick_scale)(jnp.array([2], jnp.int32), jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "unzip_row_blocks": r'''
"""Row blocks of different heights doubled in registers; offsets and heights are unzipped with zip(*pairs)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

PAIRS = [(0, 64), (64, 128), (192, 64)]
OFFSETS, HEIGHTS = zip(*PAIRS)
ROWS, COLS = sum(HEIGHTS), 128


def kernel(x_ref, o_ref):
  for off, height in zip(OFFSETS, HEIGHTS):
    rows = pl.ds(off, height)
    o_ref[rows, :] = x_ref[rows, :] * 2.0


double = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(double)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}

# Adapted from tests/pallas/mosaic_gpu_test.py at the mirror's HEAD (test names in each docstring): the
# test's kernel kept, its self.kernel / pallas_call harness rewritten as a plain plgpu.kernel launch with the
# test's first parameter set and the Lane semantics its test class's harness sets, and a __main__ driver.
KERNELS_JAX: dict[str, str] = {
    "jax_tmem_column_slicing": r'''
"""mosaic_gpu_test.py test_tmem_column_slicing: x + 1 stored to a column slice of a slice of a TMEM ref."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(x_ref, y_ref, tmem_ref):
  try:
    x_val = plgpu.load(x_ref, layout=plgpu.Layout.TCGEN05, optimized=False)
  except TypeError:  # host adaptation: releases before 0.11 take an index
    x_val = plgpu.load(x_ref, (), layout=plgpu.Layout.TCGEN05, optimized=False)
  tmem_slice = tmem_ref.at[:, 8:208].at[:, 0:128]
  plgpu.async_store_tmem(tmem_slice, x_val + 1)
  plgpu.commit_tmem()
  y_ref[...] = plgpu.async_load_tmem(tmem_ref.at[:, 8:136])


kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
    scratch_types=[
        plgpu.TMEM((128, 256), jnp.float32),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 128), dtype=jnp.float32)
  print(jax.jit(kernel_call)(x).shape)
''',
    "jax_warp_specialized_transpose": r'''
"""mosaic_gpu_test.py test_warp_specialized_transpose: warp 0 stores a transpose_ref view of an SMEM block."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

h, w, s = 2, 4, 64
dtype = jnp.float32


def kernel(in_ref, out_ref, smem):
  smem[...] = in_ref[...]

  @plgpu.warp_map
  def _(warp_id):
    @pl.when(warp_id == 0)
    def _():
      # Host adaptation: 0.11 / 0.12 deprecate plgpu.transpose_ref (it fails there) for ref.transpose.
      if jax.__version_info__ >= (0, 11):
        t = smem.transpose((1, 0, 2))
      else:
        t = plgpu.transpose_ref(smem, (1, 0, 2))
      plgpu.copy_smem_to_gmem(t, out_ref)
      plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((w, h, s), dtype),
    scratch_types=(plgpu.SMEM((h, w, s), dtype),),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(h, w, s), dtype=dtype)
  print(jax.jit(f)(x).shape)
''',
    "jax_tmem_roundtrip": r'''
"""mosaic_gpu_test.py test_tmem (collective=False): SMEM -> TMEM -> TMEM -> SMEM round trip of x + 1."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

collective = False
transforms = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def kernel(x_ref, y_ref, tmem_ref, tmem_ref2, smem_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref, smem_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  # Exercise TMEM by roundtripping SMEM -> TMEM -> TMEM -> SMEM.
  try:
    x_val = plgpu.load(smem_ref, layout=plgpu.Layout.TCGEN05)
  except TypeError:  # host adaptation: releases before 0.11 take an index
    x_val = plgpu.load(smem_ref, (), layout=plgpu.Layout.TCGEN05)
  plgpu.async_store_tmem(tmem_ref, x_val + 1)
  plgpu.commit_tmem()
  #  We don't await the load, because we never overwrite tmem_ref
  tmem_read = plgpu.async_load_tmem(tmem_ref)
  plgpu.async_store_tmem(tmem_ref2, tmem_read)
  plgpu.commit_tmem()
  #  We don't await the load, because we never overwrite tmem_ref2
  smem_ref[...] = plgpu.async_load_tmem(tmem_ref2)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem_ref, y_ref)
  plgpu.wait_smem_to_gmem(0)


kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
    scratch_types=[
        plgpu.TMEM((128, 128), jnp.float32, collective=collective),
        plgpu.TMEM((128, 128), jnp.float32, collective=collective),
        plgpu.SMEM((128, 128), jnp.float32, transforms=transforms),
        plgpu.Barrier(),
    ],
    cluster=(2,) if collective else (),
    cluster_names=("x",) if collective else (),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 128), dtype=jnp.float32)
  print(jax.jit(kernel_call)(x).shape)
''',
    "jax_async_copy_smem_to_tmem": r'''
"""mosaic_gpu_test.py test_async_copy_smem_to_tmem (swizzle=128): a tcgen05 SMEM -> TMEM copy of an f16 tile."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

swizzle = 128
dtype = jnp.float16
m, n = 128, 128
transforms = (plgpu.TilingTransform((8, swizzle // jnp.dtype(dtype).itemsize)), plgpu.SwizzleTransform(swizzle))


def kernel(x_gmem, y_gmem, smem, tma_barrier, mma_barrier, tmem):
  plgpu.copy_gmem_to_smem(x_gmem, smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  plgpu.async_copy_smem_to_tmem(smem, tmem)
  plgpu.tcgen05_commit_arrive(mma_barrier)
  plgpu.barrier_wait(mma_barrier)
  # Host adaptation: 0.12.0.1 cannot store the f16 TMEM load straight to GMEM (TransferPlanDerivationError),
  # so it goes back through SMEM and a TMA store.
  smem[...] = plgpu.async_load_tmem(tmem)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, y_gmem)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((m, n), dtype),
    scratch_types=[
        plgpu.SMEM((m, n), dtype, transforms=transforms),
        plgpu.Barrier(),
        plgpu.Barrier(orders_tensor_core=True),
        plgpu.TMEM((m, n), dtype, packed=True),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(m, n), dtype=dtype)
  print(jax.jit(f)(x).shape)
''',
    "jax_ws_tcgen05_matmul": r'''
"""mosaic_gpu_test.py test_simple_warp_specialized_matmul: warp 0 issues a tcgen05_mma into TMEM."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

m = n = 128
dtype = jnp.float16
k = swizzle = 128
transforms = (plgpu.TilingTransform((8, swizzle // jnp.dtype(dtype).itemsize)), plgpu.SwizzleTransform(swizzle))


def kernel(a_ref, b_ref, out_ref, a_smem, b_smem, acc_tmem, tma_barrier, mma_barrier):
  plgpu.copy_gmem_to_smem(a_ref, a_smem, tma_barrier)
  plgpu.copy_gmem_to_smem(b_ref, b_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)

  @plgpu.warp_map
  def _(warp_id):
    @pl.when(warp_id == 0)
    def _():
      plgpu.tcgen05_mma(acc_tmem,
                        a_smem,
                        b_smem,
                        mma_barrier,
                        accumulate=False)
  plgpu.barrier_wait(mma_barrier)
  # We don't await the load because acc_tmem is never modified again.
  # Host adaptation: 0.12.0.1 cannot store the f16 result straight to GMEM (TransferPlanDerivationError), so it
  # goes back through a_smem (free once the MMA barrier is passed) and a TMA store.
  a_smem[...] = plgpu.async_load_tmem(acc_tmem).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, out_ref)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((m, n), dtype),
    scratch_types=(
        plgpu.SMEM((m, k), dtype, transforms=transforms),
        plgpu.SMEM((k, n), dtype, transforms=transforms),
        plgpu.TMEM((m, n), jnp.float32, packed=False),
        plgpu.Barrier(num_arrivals=2),
        plgpu.Barrier(orders_tensor_core=True),
    ),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(m, k), dtype=dtype)
  y = jax.random.uniform(jax.random.key(1), shape=(k, n), dtype=dtype)
  print(jax.jit(f)(x, y).shape)
''',
    "jax_copy_primitives_pipeline": r'''
"""mosaic_gpu_test.py PrettyPrintingTest.test_copy_primitives: emit_pipeline of x + 1 over pl.BlockSpec blocks."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

num_steps = 4


# The test only traces the kernel (make_jaxpr) on a (64, 64) input; lowered here on the (64, 64 * num_steps)
# input its 4 column blocks cover.
def kernel(x_gmem, o_gmem):
  # ``plgpu.emit_pipeline`` is implemented in terms of async copy and
  # synchronization primitives.
  plgpu.emit_pipeline(
      kernel_body,
      in_specs=[pl.BlockSpec((64, 64), lambda i: (0, i))],
      out_specs=[
          pl.BlockSpec(
              (64, 64),
              lambda i: (0, i),
          )
      ],
      grid=(num_steps,),
      max_concurrent_steps=2,
  )(x_gmem, o_gmem)


def kernel_body(_, x_smem, o_smem):
  o_smem[...] = x_smem[...] + 1.0


run = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((64, 64 * num_steps), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(run)(jnp.zeros((64, 64 * num_steps), jnp.float32)).shape)
''',
}


KERNELS: dict[str, str] = {**KERNELS_A, **KERNELS_B, **KERNELS_C}


def bases() -> list[tuple[str, str, str, list[tuple[int, int]]]]:
    """(part, stem, text, line ranges a mutant may edit) of each base: the whole file."""
    out = []
    for part, table in (("user", KERNELS), ("jax", KERNELS_JAX)):
        texts = {name: text.removeprefix("\n") for name, text in table.items()}
        out += [(part, name, text, [(1, text.count("\n") + 1)]) for name, text in sorted(texts.items())]
    return out


def main() -> None:
    _famheld.capped_mutation_cli(__doc__, "famheld9", bases(), famheld9_mutants, seed=2039)


if __name__ == "__main__":
    main()
