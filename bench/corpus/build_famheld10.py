"""Build the tenth held-out families corpus `famheld10` (issue 27), written blind: user-style Mosaic GPU
kernels written for this set (no earlier set, `families`, `famheld` ... `famheld9`, used them), seven bases
adapted from JAX's own tests that no earlier set took, and one-edit mutants of them by famheld10_mutate.py
(operators written from JAX's own checks, blind to the checker).

usage: build_famheld10.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld10/user/NAME.py  the kernels in KERNELS below, written for this set. What is new against famheld3 ...
                          famheld9 is the Python that carries the values the kernel depends on: a dict
                          subclass's __missing__ hook, __class_getitem__, functools.total_ordering,
                          itertools.starmap / pairwise / groupby / zip_longest / cycle, collections.Counter /
                          deque.rotate / OrderedDict.move_to_end, enum.IntFlag with enum.auto(), an IntEnum with
                          auto() and a property, Enum._missing_, an Enum with __new__ carrying attributes,
                          dataclasses.InitVar, dataclasses.make_dataclass, typing.TypedDict,
                          typing.get_type_hints over annotated class defaults, a match statement over class
                          patterns with a guard, ast.literal_eval, textwrap.dedent + str.partition, heapq, a
                          type() class factory, generators delegating with yield from, sorted() with a tuple
                          key, any() / all() with next(), a types.ModuleType read through getattr defaults,
                          struct.pack / unpack, tomllib.loads, csv.reader over io.StringIO, shlex.split,
                          functools.cmp_to_key, __contains__ / __len__ / __iter__ dunders, dict.fromkeys /
                          setdefault, contextlib.suppress fallbacks, slice objects, globals() lookups by name,
                          and a per-platform table of compiler-params constructors.
  famheld10/jax/NAME.py   seven kernels of tests/pallas/mosaic_gpu_test.py (the mirror's HEAD) that no earlier
                          set took as a base (PallasCallTCGen05Test.test_tmem_load_layout (TCGEN05),
                          test_manual_tcgen05_commit_arrive (128, float16), test_mma_barrier_indexing
                          (barrier_index=(0,), num_barriers=2), test_matmul_with_sliced_accumulator,
                          test_warp_specialized_tmem_slice; PallasCallTest.test_griddepcontrol and
                          test_reduction_with_more_scratch_uses_less_synchronization), the test's kernel kept
                          with its first parameter set and its self.kernel / self.pallas_call harness rewritten
                          as a plain plgpu.kernel launch under the test class's Lane semantics. Host
                          adaptations, each commented where it is made: plgpu.load's index on 0.10.2 (a
                          try/except), the pallas_call SMEM in_specs of two tests turned into TMA copies into
                          SMEM scratch, f16 / bf16 TMEM results stored through SMEM and TMA (0.12.0.1 cannot
                          store them straight to GMEM), default_transforms written out, and the PTX / SASS
                          checks of two tests dropped (the kernels are only lowered).
The kernels cover TMA copies with barriers (column windows, 2-D grids, grouped stores of row slices, cluster
multicast, barriers shared by groups of copies), swizzle / tiling transforms, WGMMA (single tiles and a K
pipeline), barriers (arrival counts, barrier arrays, ClusterBarrier, tensor-core barriers), emit_pipeline
(plgpu.BlockSpec and pl.BlockSpec, 1-D and 2-D grids) and emit_pipeline_warp_specialized, producer /
consumer threads with set_max_registers, register layouts (WGMMA, WG_STRIDED, iota with layout_cast,
TCGEN05), reductions and elementwise ops, lax.fori_loop / switch in a kernel, compiler parameters (semantics,
approx_math, reduction_scratch_bytes, another platform's params), TMEM round trips, column slices and an
SMEM -> TMEM copy, tcgen05 MMA, griddepcontrol, and four multi-device kernels under jax.shard_map
(multimem_store, multimem_load_reduce over 1-D and 2x2 meshes, semaphore_signal_multicast) over meshes of
the host's CPU devices.
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for
CUDA, never compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld10).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of each,
sampled with a fixed seed (an operator for at most --max-per-op bases; build_famheld.capped_mutation_cli);
edits anywhere in the file but the docstring line. Nothing here decides whether a mutant fails: label.py
lowers it. Dropped bases and why: OUT/famheld10_dropped.json.

The commands that built /work/famheld10-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld10.py /work/famheld10-out
  nice -n 15 python3 label.py /work/famheld10-out --jobs 1 --only famheld10 $PY
  cp /work/famheld10-out/labels.json /tmp/fh10/stage1.json
  python3 build_famheld10.py /work/famheld10-out --keep /tmp/fh10/stage1.json --per-base 6 --per-op 1
  nice -n 15 python3 label.py /work/famheld10-out --jobs 1 --only famheld10 $PY
"""

from __future__ import annotations

import importlib

from famheld10_mutate import famheld10_mutants

_famheld = importlib.import_module("build_famheld")

# name -> source of each base after its first newline (2-space indents as in JAX's docs).
KERNELS_A: dict[str, str] = {
    "missing_dict_tile": r'''
"""A swizzled f16 TMA round trip; the tile dict derives what it lacks in a __missing__ hook."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class TileDict(dict):
  def __missing__(self, key):
    if key == "elems":
      value = self["swizzle"] // jnp.dtype(self["dtype"]).itemsize
    elif key == "shape":
      value = (self["rows"], self["cols"])
    else:
      raise KeyError(key)
    self[key] = value
    return value


TILE = TileDict(rows=128, cols=64, swizzle=128, dtype=jnp.float16)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] - jnp.asarray(1, TILE["dtype"])
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


transforms = (plgpu.TilingTransform((8, TILE["elems"])), plgpu.SwizzleTransform(TILE["swizzle"]))
dec = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(TILE["shape"], TILE["dtype"]),
    scratch_types=[plgpu.SMEM(TILE["shape"], TILE["dtype"], transforms=transforms), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(dec)(jnp.ones(TILE["shape"], TILE["dtype"])).sum())
''',
    "class_getitem_buffers": r'''
"""Two inputs staged into SMEM buffers described by Buf[dtype, rows, cols] through __class_getitem__."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Buf:
  def __class_getitem__(cls, params):
    dtype, *shape = params
    return plgpu.SMEM(tuple(shape), dtype)


ROWS, COLS = 64, 128
IN_DTYPE = jnp.float32
LHS_BUF = Buf[jnp.float32, 64, 128]
RHS_BUF = Buf[jnp.float32, 64, 128]


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bar)
  plgpu.barrier_wait(bar)
  a_smem[...] = a_smem[...] * 2.0 - b_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def axpy(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), IN_DTYPE),
      scratch_types=[LHS_BUF, RHS_BUF, plgpu.Barrier(num_arrivals=2)],
  )(a, b)


if __name__ == "__main__":
  x = jnp.ones((ROWS, COLS), IN_DTYPE)
  print(jax.jit(axpy)(x, x).sum())
''',
    "total_ordering_swizzle": r'''
"""A bf16 tile staged with the widest swizzle not above its row; Swizzle objects order by functools.total_ordering."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@functools.total_ordering
class Swizzle:
  def __init__(self, nbytes):
    self.nbytes = nbytes

  def __eq__(self, other):
    return self.nbytes == other.nbytes

  def __lt__(self, other):
    return self.nbytes < other.nbytes


DTYPE = jnp.bfloat16
ROWS, COLS = 64, 64
ROW = Swizzle(COLS * jnp.dtype(DTYPE).itemsize)
SWIZZLE = max(s for s in map(Swizzle, (32, 64, 128)) if s <= ROW).nbytes
ELEMS = SWIZZLE // jnp.dtype(DTYPE).itemsize


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = jnp.abs(smem[...])
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


absval = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE,
                              transforms=(plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(SWIZZLE))),
                   plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(absval)(-jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "starmap_column_copies": r'''
"""Column windows staged by separate TMA copies; the windows are itertools.starmap(pl.ds, ...) of pairs."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS = 64
PAIRS = [(0, 32), (32, 64), (96, 32)]
WINDOWS = list(itertools.starmap(pl.ds, PAIRS))
TOTAL = sum(width for _, width in PAIRS)


def kernel(x_gmem, o_gmem, s0, s1, s2, bars):
  bufs = (s0, s1, s2)
  for k, (win, buf) in enumerate(zip(WINDOWS, bufs)):
    plgpu.copy_gmem_to_smem(x_gmem.at[:, win], buf, bars.at[k])
  for k, buf in enumerate(bufs):
    plgpu.barrier_wait(bars.at[k])
    buf[...] = buf[...] + float(k)
  plgpu.commit_smem()
  for win, buf in zip(WINDOWS, bufs):
    plgpu.copy_smem_to_gmem(buf, o_gmem.at[:, win])
  plgpu.wait_smem_to_gmem(0)


windows = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, TOTAL), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, w), jnp.float32) for _, w in PAIRS]
    + [plgpu.Barrier(num_barriers=len(PAIRS))],
)

if __name__ == "__main__":
  print(jax.jit(windows)(jnp.ones((ROWS, TOTAL), jnp.float32)).sum())
''',
    "pairwise_row_bands": r'''
"""Row bands of a tile scaled in registers; band bounds are itertools.pairwise over a boundary list."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BOUNDS = [0, 64, 192, 256]
BANDS = list(itertools.pairwise(BOUNDS))
COLS = 128


def kernel(x_ref, o_ref):
  for k, (lo, hi) in enumerate(BANDS):
    rows = pl.ds(lo, hi - lo)
    o_ref[rows, :] = x_ref[rows, :] * float(k + 1)


bands = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((BOUNDS[-1], COLS), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(bands)(jnp.ones((BOUNDS[-1], COLS), jnp.float32)).sum())
''',
    "groupby_shared_barriers": r'''
"""Four inputs staged into SMEM; inputs of one group share a barrier whose arrivals come from itertools.groupby."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (64, 64)
INPUTS = [("a", "first"), ("b", "first"), ("c", "second"), ("d", "second")]
GROUPS = {key: [name for name, _ in items] for key, items in itertools.groupby(INPUTS, key=lambda t: t[1])}
ARRIVALS = {key: len(names) for key, names in GROUPS.items()}


def kernel(a, b, c, d, o_gmem, sa, sb, sc, sd, first, second):
  for src, dst, bar in ((a, sa, first), (b, sb, first), (c, sc, second), (d, sd, second)):
    plgpu.copy_gmem_to_smem(src, dst, bar)
  plgpu.barrier_wait(first)
  plgpu.barrier_wait(second)
  sa[...] = sa[...] + sb[...] + sc[...] * sd[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(sa, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def combine(*xs):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32) for _ in INPUTS]
      + [plgpu.Barrier(num_arrivals=ARRIVALS[key]) for key in GROUPS],
  )(*xs)


if __name__ == "__main__":
  x = jnp.ones(SHAPE, jnp.float32)
  print(jax.jit(combine)(x, x, x, x).sum())
''',
    "zip_longest_specs": r'''
"""A pipelined a * b + c; per-input block shapes pair with names by zip_longest, missing ones defaulted."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

NAMES = ("a", "b", "c")
BLOCKS = [(64, 64)]
DEFAULT_BLOCK = (64, 64)
STEPS = 4
PLAN = dict(itertools.zip_longest(NAMES, BLOCKS, fillvalue=DEFAULT_BLOCK))


def kernel(a_gmem, b_gmem, c_gmem, o_gmem):
  specs = [plgpu.BlockSpec(PLAN[name], lambda j: (0, j)) for name in NAMES]

  def body(_, a, b, c, o):
    o[...] = a[...] * b[...] + c[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=specs, out_specs=[specs[0]],
                      max_concurrent_steps=2)(a_gmem, b_gmem, c_gmem, o_gmem)


def fma(a, b, c):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(a.shape, a.dtype))(a, b, c)


if __name__ == "__main__":
  x = jnp.ones((DEFAULT_BLOCK[0], STEPS * DEFAULT_BLOCK[1]), jnp.float32)
  print(jax.jit(fma)(x, x, x).sum())
''',
    "counter_roles_arrivals": r'''
"""A leader waits for its workers on one barrier; thread count and arrivals come from a collections.Counter."""
import collections

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROLES = collections.Counter({"leader": 1, "worker": 2})
THREADS = sum(ROLES.values())
SHAPE = (128, 64)


def kernel(x_gmem, o_gmem, smem, loaded, done):
  t = lax.axis_index("thread")

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


relay = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(),
                   plgpu.Barrier(num_arrivals=ROLES["worker"])],
    num_threads=THREADS,
    thread_name="thread",
)

if __name__ == "__main__":
  print(ROLES.most_common(1), jax.jit(relay)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "deque_rotated_stages": r'''
"""An emit_pipeline over row blocks; the depth is the head of a collections.deque rotated to the tuned entry."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

DEPTHS = collections.deque([1, 2, 3, 4])
DEPTHS.rotate(-2)
STAGES = DEPTHS[0]
BLOCK = (64, 128)
STEPS = 6


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = jnp.maximum(x_smem[...], 0.0)

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=STAGES)(x_gmem, o_gmem)


def relu(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  print(STAGES, jax.jit(relu)(-jnp.ones((STEPS * BLOCK[0], BLOCK[1]), jnp.float32)).sum())
''',
    "ordereddict_scratch_order": r'''
"""Scratch buffers kept in an OrderedDict; move_to_end puts the barrier last, matching the kernel's arguments."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 64)
SCRATCH = collections.OrderedDict()
SCRATCH["bar"] = plgpu.Barrier()
SCRATCH["stage"] = plgpu.SMEM(SHAPE, jnp.float32)
SCRATCH.move_to_end("bar")


def kernel(x_gmem, o_gmem, stage, bar):
  plgpu.copy_gmem_to_smem(x_gmem, stage, bar)
  plgpu.barrier_wait(bar)
  stage[...] = stage[...] * 0.125
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(stage, o_gmem)
  plgpu.wait_smem_to_gmem(0)


eighth = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=list(SCRATCH.values()),
)

if __name__ == "__main__":
  print(list(SCRATCH), jax.jit(eighth)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "intflag_transforms": r'''
"""An f16 TMA round trip whose SMEM transforms are switched on by enum.IntFlag bits."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Staging(enum.IntFlag):
  TILED = enum.auto()
  SWIZZLED = enum.auto()


MODE = Staging.TILED | Staging.SWIZZLED
SWIZZLE = 128
DTYPE = jnp.float16
SHAPE = (64, 128)


def transforms(mode):
  out = []
  if Staging.TILED in mode:
    out.append(plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)))
  if Staging.SWIZZLED in mode:
    out.append(plgpu.SwizzleTransform(SWIZZLE))
  return tuple(out)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(SHAPE, DTYPE, transforms=transforms(MODE)), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(square)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "auto_enum_roles": r'''
"""Producer / consumer threads numbered by enum.auto(); their register budgets are members' attributes."""
import enum

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Role(enum.IntEnum):
  PRODUCER = 0
  CONSUMER = enum.auto()

  @property
  def registers(self):
    return {Role.PRODUCER: 40, Role.CONSUMER: 232}[self]


SHAPE = (128, 128)


def kernel(x_gmem, o_gmem, smem, loaded, ready):
  role = lax.axis_index("role")

  @pl.when(role == Role.PRODUCER)
  def _producer():
    plgpu.set_max_registers(Role.PRODUCER.registers, action="decrease")
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_arrive(ready)

  @pl.when(role == Role.CONSUMER)
  def _consumer():
    plgpu.set_max_registers(Role.CONSUMER.registers, action="increase")
    plgpu.barrier_wait(ready)
    smem[...] = smem[...] - 3.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


shift = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(), plgpu.Barrier()],
    num_threads=len(Role),
    thread_name="role",
)

if __name__ == "__main__":
  print(jax.jit(shift)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "enum_missing_semantics": r'''
"""A blocked exp2 of a vector; the platform and lowering semantics are parsed by Enum._missing_ hooks."""
import enum

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Semantics(enum.Enum):
  LANE = "lane"
  WARPGROUP = "warpgroup"

  @classmethod
  def _missing_(cls, value):
    return cls(str(value).strip().lower())

  def params(self):
    kind = {"lane": "Lane", "warpgroup": "Warpgroup"}[self.value]
    return plgpu.CompilerParams(lowering_semantics=getattr(plgpu.LoweringSemantics, kind))


SEMANTICS = Semantics(" Warpgroup ")
N, BLOCK = 2048, 512


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("i") * BLOCK, BLOCK)
  o_ref[win] = jnp.exp2(x_ref[win]) - 1.0


expm1 = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), jnp.float32),
    grid=(N // BLOCK,),
    grid_names=("i",),
    compiler_params=SEMANTICS.params(),
)

if __name__ == "__main__":
  print(jax.jit(expm1)(jnp.zeros((N,), jnp.float32))[:4])
''',
}

KERNELS_B: dict[str, str] = {
    "initvar_wgmma_tile": r'''
"""A single WGMMA tile; the dataclass takes the target element count as an InitVar and derives N from it."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass
class Tile:
  m: int
  k: int
  target: dataclasses.InitVar[int]
  n: int = 0
  dtype: object = jnp.float16

  def __post_init__(self, target):
    self.n = target // self.m


TILE = Tile(m=64, k=64, target=64 * 128)
ELEMS = 128 // jnp.dtype(TILE.dtype).itemsize
TRANSFORMS = (plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bar)
  plgpu.barrier_wait(bar)

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((TILE.m, TILE.n), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((TILE.m, TILE.n), jnp.float32),
      scratch_types=[plgpu.SMEM((TILE.m, TILE.k), TILE.dtype, transforms=TRANSFORMS),
                     plgpu.SMEM((TILE.k, TILE.n), TILE.dtype, transforms=TRANSFORMS),
                     plgpu.Barrier(num_arrivals=2)],
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((TILE.m, TILE.k), TILE.dtype)
  b = jnp.ones((TILE.k, TILE.n), TILE.dtype)
  print(jax.jit(matmul)(a, b).sum())
''',
    "typeddict_pipeline": r'''
"""A pipelined scale over column blocks; the pipeline settings are a typing.TypedDict literal."""
from typing import TypedDict

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class PipeConfig(TypedDict):
  block: tuple[int, int]
  steps: int
  depth: int
  scale: float


CONFIG: PipeConfig = {"block": (128, 64), "steps": 4, "depth": 2, "scale": 0.25}


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec(CONFIG["block"], lambda j: (0, j))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * CONFIG["scale"]

  plgpu.emit_pipeline(body, grid=(CONFIG["steps"],), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=CONFIG["depth"])(x_gmem, o_gmem)


def scale(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  rows, cols = CONFIG["block"]
  print(jax.jit(scale)(jnp.ones((rows, CONFIG["steps"] * cols), jnp.float32)).sum())
''',
    "match_class_layout": r'''
"""A tile loaded in a register layout picked by a match statement over class patterns of layout specs."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass
class Strided:
  vec: int


@dataclasses.dataclass
class Mma:
  pass


SHAPE = (128, 64)
SPEC = Strided(vec=2)


def to_layout(spec):
  match spec:
    case Strided(vec=v) if v > 0:
      return plgpu.Layout.WG_STRIDED(SHAPE, vec_size=v)
    case Mma():
      return plgpu.Layout.WGMMA
  raise ValueError(spec)


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  o_ref[...] = jnp.sin(load_as(x_ref, to_layout(SPEC))) + 1.0


sin1 = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(sin1)(jnp.zeros(SHAPE, jnp.float32)).sum())
''',
    "literal_eval_grid": r'''
"""A blocked x * x - 1 of a vector; the launch plan is ast.literal_eval of a tuple-of-pairs literal."""
import ast

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

PLAN_TEXT = "(('size', 4096), ('block', 1024), ('axis', 'blk'))"
PLAN = dict(ast.literal_eval(PLAN_TEXT))


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index(PLAN["axis"]) * PLAN["block"], PLAN["block"])
  o_ref[win] = x_ref[win] * x_ref[win] - 1.0


sq = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((PLAN["size"],), jnp.float32),
    grid=(PLAN["size"] // PLAN["block"],),
    grid_names=(PLAN["axis"],),
)

if __name__ == "__main__":
  print(jax.jit(sq)(jnp.ones((PLAN["size"],), jnp.float32))[:4])
''',
    "textwrap_partition_table": r'''
"""A WG_STRIDED load and cube of a tile; the plan is a dedented key: value table split by str.partition."""
import textwrap

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

TABLE = textwrap.dedent("""
    rows: 128
    cols: 128
    vec: 2
    dtype: float32
""")
PLAN = {}
for line in TABLE.strip().splitlines():
  key, _, value = line.partition(":")
  PLAN[key.strip()] = value.strip()
ROWS, COLS, VEC = int(PLAN["rows"]), int(PLAN["cols"]), int(PLAN["vec"])
DTYPE = jnp.dtype(PLAN["dtype"])


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=VEC))
  o_ref[...] = x * x * x


cube = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(cube)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "heapq_wgmma_pipeline": r'''
"""A K-pipelined WGMMA; the (M, N) tile is the cheapest of a heapq of (cost, tile) entries."""
import heapq

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILES = [(128, 256), (64, 128), (128, 128), (64, 64)]
HEAP = [(abs(m * n - 64 * 256), m, n) for m, n in TILES]
heapq.heapify(HEAP)
_, TM, TN = heapq.heappop(HEAP)
TK, K_STEPS = 64, 2
DT = jnp.bfloat16


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
    "type_factory_cluster": r'''
"""A TMA load multicast over a cluster of two; the config class is made by type() from a dict."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def config_class(name, **fields):
  return type(name, (), dict(fields, shape=property(lambda self: (self.rows, self.cols))))


Cluster = config_class("Cluster", rows=64, cols=64, size=2, axis="cx")
CFG = Cluster()


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar, collective_axes=CFG.axis)
  plgpu.barrier_wait(bar)
  me = lax.axis_index(CFG.axis)
  part = CFG.rows // CFG.size
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[pl.ds(me * part, part)], o_gmem.at[pl.ds(me * part, part)])
  plgpu.wait_smem_to_gmem(0)


bcast = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(CFG.shape, jnp.float32),
    scratch_types=[plgpu.SMEM(CFG.shape, jnp.float32), plgpu.Barrier()],
    grid=(CFG.size,),
    grid_names=("blk",),
    cluster=(CFG.size,),
    cluster_names=(CFG.axis,),
)

if __name__ == "__main__":
  print(type(CFG).__name__, jax.jit(bcast)(jnp.ones(CFG.shape, jnp.float32)).sum())
''',
    "yield_from_scratch": r'''
"""A producer / consumer pair; the scratch list is built by generators delegating with yield from."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 64)
REGISTERS = (40, 232)


def buffers():
  yield plgpu.SMEM(SHAPE, jnp.float32)


def barriers(count):
  for _ in range(count):
    yield plgpu.Barrier()


def scratch():
  yield from buffers()
  yield from barriers(2)


def kernel(x_gmem, o_gmem, smem, loaded, ready):
  wg = lax.axis_index("wg")

  @pl.when(wg == 0)
  def _producer():
    plgpu.set_max_registers(REGISTERS[0], action="decrease")
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_arrive(ready)

  @pl.when(wg == 1)
  def _consumer():
    plgpu.set_max_registers(REGISTERS[1], action="increase")
    plgpu.barrier_wait(ready)
    smem[...] = jnp.exp(smem[...])
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


exp = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                   scratch_types=list(scratch()), num_threads=2, thread_name="wg")

if __name__ == "__main__":
  print(jax.jit(exp)(jnp.zeros(SHAPE, jnp.float32)).sum())
''',
    "sorted_tuple_ws": r'''
"""A warp-specialized pipeline; the plan is the first of candidates sorted by a (score, depth) tuple key."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CANDIDATES = [
    {"block": (64, 128), "depth": 2, "score": 3},
    {"block": (128, 64), "depth": 3, "score": 1},
    {"block": (64, 64), "depth": 4, "score": 1},
]
PLAN = sorted(CANDIDATES, key=lambda c: (c["score"], c["depth"]))[0]
STEPS = 4


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec(PLAN["block"], lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * x_smem[...]

  plgpu.emit_pipeline_warp_specialized(
      body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
      max_concurrent_steps=PLAN["depth"], num_compute_wgs=1, memory_registers=40, wg_axis="wg",
  )(x_gmem, o_gmem)


def square(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=2, thread_name="wg")(x)


if __name__ == "__main__":
  rows, cols = PLAN["block"]
  print(jax.jit(square)(jnp.ones((STEPS * rows, cols), jnp.float32)).sum())
''',
    "any_all_vector_width": r'''
"""A column ramp added to a tile in a WG_STRIDED layout; the vector width is the largest that all() checks admit."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)
BITS = 32
WIDTHS = (8, 4, 2, 1)
VEC = next(v for v in WIDTHS if all((v * BITS <= 128, SHAPE[-1] % v == 0)))
assert not any(d % 8 for d in SHAPE)


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  layout = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)
  ramp = plgpu.layout_cast(jax.lax.broadcasted_iota(jnp.float32, SHAPE, 1), layout)
  o_ref[...] = load_as(x_ref, layout) * ramp


ramp_mul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(VEC, jax.jit(ramp_mul)(jnp.ones(SHAPE, jnp.float32))[0, :4])
''',
    "module_object_multimem": r'''
"""Device 0 pushes a tile to every peer with multimem_store; settings are read by getattr from a module object."""
import types

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
settings = types.ModuleType("settings")
settings.AXIS = "dev"
settings.DEVICES = 2
AXIS = getattr(settings, "AXIS", "x")
DEVICES = getattr(settings, "DEVICES", 1)
SHAPE = getattr(settings, "SHAPE", (128, 64))
DTYPE = getattr(settings, "DTYPE", jnp.float32)


def kernel(y_ref, sem):
  @pl.when(lax.axis_index(AXIS) == 0)
  def _root():
    tile = plgpu.layout_cast(jnp.full(SHAPE, 2.0, DTYPE), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, (AXIS,))

  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def push():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(push, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(fn().shape)
''',
    "struct_unpack_tmem": r'''
"""A TMEM round trip through swizzled SMEM; the tile's shape is struct.unpack of a packed header."""
import struct

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

HEADER = struct.pack("<HHH", 128, 128, 128)
ROWS, COLS, SWIZZLE = struct.unpack("<HHH", HEADER)
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // 4)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, tmem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  plgpu.async_store_tmem(tmem, plgpu.layout_cast(smem[...], plgpu.Layout.TCGEN05) * 2.0)
  plgpu.commit_tmem()
  smem[...] = plgpu.async_load_tmem(tmem)
  plgpu.wait_load_tmem()
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32, transforms=TRANSFORMS),
                   plgpu.TMEM((ROWS, COLS), jnp.float32), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(double)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "tomllib_load_reduce": r'''
"""An all-reduce of float32 tiles with multimem_load_reduce; the mesh and tile come from a TOML text."""
import tomllib

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CFG = tomllib.loads("""
[mesh]
axis = "x"
devices = 2

[tile]
shape = [64, 128]
vec = 4
reduction = "add"
""")
AXIS, DEVICES = CFG["mesh"]["axis"], CFG["mesh"]["devices"]
SHAPE = tuple(CFG["tile"]["shape"])


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=AXIS, reduction_op=CFG["tile"]["reduction"]),
      plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CFG["tile"]["vec"]),
  )
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
}

KERNELS_C: dict[str, str] = {
    "csv_reader_tiles": r'''
"""A 2-D grid of TMA tiles negated in SMEM; tile and grid are rows of a CSV text read by csv.reader."""
import csv
import io

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

CSV = """name,dim0,dim1
tile,64,64
grid,2,2
"""
ROWS = {row[0]: (int(row[1]), int(row[2])) for row in list(csv.reader(io.StringIO(CSV)))[1:]}
TILE, GRID = ROWS["tile"], ROWS["grid"]
SHAPE = (TILE[0] * GRID[0], TILE[1] * GRID[1])


def kernel(x_gmem, o_gmem, tile, bar):
  i, j = lax.axis_index("r"), lax.axis_index("c")
  win = (pl.ds(i * TILE[0], TILE[0]), pl.ds(j * TILE[1], TILE[1]))
  plgpu.copy_gmem_to_smem(x_gmem.at[win], tile, bar)
  plgpu.barrier_wait(bar)
  tile[...] = -tile[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(tile, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


neg = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(TILE, jnp.float32), plgpu.Barrier()],
    grid=GRID,
    grid_names=("r", "c"),
)

if __name__ == "__main__":
  print(jax.jit(neg)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "shlex_fori_options": r'''
"""A lax.fori_loop of x * 0.5 + 1; trip count and unroll are key=value words of a shlex.split command line."""
import shlex

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

COMMAND = "run --trips=4 --unroll=2 --dtype='float32'"
OPTIONS = dict(word[2:].split("=", 1) for word in shlex.split(COMMAND)[1:])
TRIPS, UNROLL = int(OPTIONS["trips"]), int(OPTIONS["unroll"])
DTYPE = jnp.dtype(OPTIONS["dtype"])
SHAPE = (128, 64)


def kernel(x_ref, o_ref):
  def step(i, acc):
    return acc * 0.5 + 1.0

  o_ref[...] = lax.fori_loop(0, TRIPS, step, x_ref[...], unroll=UNROLL)


relax = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))

if __name__ == "__main__":
  print(jax.jit(relax)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "cmp_to_key_switch": r'''
"""A lax.switch between activations ordered by a functools.cmp_to_key comparison of their costs."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

COSTS = {"identity": 0, "relu": 1, "softsign": 2}
ACTS = {
    "identity": lambda v: v,
    "relu": lambda v: jnp.maximum(v, 0.0),
    "softsign": lambda v: v / (1.0 + jnp.abs(v)),
}


def by_cost(a, b):
  return COSTS[a] - COSTS[b]


ORDER = sorted(ACTS, key=functools.cmp_to_key(by_cost))
BRANCHES = [ACTS[name] for name in ORDER]
SIZE = 512


def kernel(sel_ref, x_ref, o_ref):
  o_ref[...] = lax.switch(sel_ref[0], BRANCHES, x_ref[...])


activate = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))

if __name__ == "__main__":
  print(ORDER, jax.jit(activate)(jnp.array([1], jnp.int32), -jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "contains_axes_load_reduce": r'''
"""An int32 max all-reduce over a 2x2 mesh; the axes object answers `in`, len() and iteration by dunders."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Axes:
  def __init__(self, **sizes):
    self.sizes = sizes

  def __contains__(self, name):
    return name in self.sizes

  def __iter__(self):
    return iter(self.sizes)

  def __len__(self):
    return len(self.sizes)


MESH = Axes(row=2, col=2)
COLLECTIVE = tuple(name for name in ("row", "col") if name in MESH)
DEVICES = 4
ROWS, COLS = 128, 64


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=COLLECTIVE, reduction_op="max"),
      plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=2),
  )
  plgpu.semaphore_signal_multicast(sem, collective_axes=COLLECTIVE)
  pl.semaphore_wait(sem, DEVICES)


def allmax(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh(tuple(MESH.sizes.values()), tuple(MESH),
                       axis_types=(jax.sharding.AxisType.Auto,) * len(MESH))
  spec = P(tuple(MESH))
  fn = jax.jit(jax.shard_map(allmax, mesh=mesh, in_specs=spec, out_specs=spec, check_vma=False))
  print(fn(jnp.ones((DEVICES * ROWS, COLS), jnp.int32)).shape)
''',
    "make_dataclass_handoff": r'''
"""Two threads meet on one barrier before the store; the launch record is made by dataclasses.make_dataclass."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

Launch = dataclasses.make_dataclass(
    "Launch", [("threads", int, 2), ("name", str, "t"), ("arrivals", int, 2)], frozen=True)
LAUNCH = Launch()
SHAPE = (64, 128)


def kernel(x_gmem, o_gmem, smem, loaded, meet):
  t = lax.axis_index(LAUNCH.name)

  @pl.when(t == 0)
  def _load():
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
    plgpu.barrier_wait(loaded)

  plgpu.barrier_arrive(meet)
  plgpu.barrier_wait(meet)

  @pl.when(t == 1)
  def _store():
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


relay = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(),
                   plgpu.Barrier(num_arrivals=LAUNCH.arrivals)],
    num_threads=LAUNCH.threads,
    thread_name=LAUNCH.name,
)

if __name__ == "__main__":
  print(jax.jit(relay)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "type_hints_cluster_barrier": r'''
"""Each CTA of a cluster scales its rows, then meets on a ClusterBarrier; settings are annotated class defaults."""
import typing

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class ClusterCfg:
  size: int = 2
  axis: str = "cl"
  rows: int = 128
  cols: int = 128


CFG = {name: getattr(ClusterCfg, name) for name in typing.get_type_hints(ClusterCfg)}
PART = CFG["rows"] // CFG["size"]


def kernel(x_gmem, o_gmem, smem, bar, cluster_bar):
  rows = pl.ds(lax.axis_index(CFG["axis"]) * PART, PART)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * 3.0
  plgpu.barrier_arrive(cluster_bar)
  plgpu.barrier_wait(cluster_bar)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


triple = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((CFG["rows"], CFG["cols"]), jnp.float32),
    scratch_types=[plgpu.SMEM((PART, CFG["cols"]), jnp.float32), plgpu.Barrier(),
                   plgpu.ClusterBarrier(collective_axes=(CFG["axis"],))],
    grid=(CFG["size"],),
    grid_names=("g",),
    cluster=(CFG["size"],),
    cluster_names=(CFG["axis"],),
)

if __name__ == "__main__":
  print(jax.jit(triple)(jnp.ones((CFG["rows"], CFG["cols"]), jnp.float32)).sum())
''',
    "fromkeys_signal_multicast": r'''
"""A device barrier by semaphore_signal_multicast; the per-axis settings start from dict.fromkeys and setdefault."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SIZES = dict.fromkeys(("peer",), 2)
SIZES.setdefault("replica", 1)
AXES = tuple(name for name, size in SIZES.items() if size > 1)
DEVICES = SIZES["peer"]


def kernel(x_ref, o_ref, sem):
  o_ref[...] = x_ref[...] * 2.0
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
  pl.semaphore_wait(sem, DEVICES)


def sync_double(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), ("peer",), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(sync_double, mesh=mesh, in_specs=P("peer"), out_specs=P("peer"),
                             check_vma=False))
  print(fn(jnp.ones((DEVICES * 128, 64), jnp.float32)).shape)
''',
    "enum_new_operand_dtype": r'''
"""A single WGMMA tile whose operand dtype is an Enum with __new__ carrying the element's byte width."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Operand(enum.Enum):
  HALF = ("float16", 2)
  BRAIN = ("bfloat16", 2)

  def __new__(cls, name, nbytes):
    member = object.__new__(cls)
    member._value_ = name
    member.nbytes = nbytes
    return member


OPERAND = Operand.BRAIN
DT = jnp.dtype(OPERAND.value)
M, N, K = 64, 128, 64
TRANSFORMS = (plgpu.TilingTransform((8, 128 // OPERAND.nbytes)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bars):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bars.at[0])
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bars.at[1])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
      scratch_types=[plgpu.SMEM((M, K), DT, transforms=TRANSFORMS), plgpu.SMEM((K, N), DT, transforms=TRANSFORMS),
                     plgpu.Barrier(num_barriers=2)],
  )(a, b)


if __name__ == "__main__":
  print(jax.jit(matmul)(jnp.ones((M, K), DT), jnp.ones((K, N), DT)).sum())
''',
    "suppress_tmem_columns": r'''
"""A TMEM round trip of a tile; the allocation width falls back through contextlib.suppress(KeyError)."""
import contextlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS = 128
OVERRIDES = {"default": 128}
COLS = 64
with contextlib.suppress(KeyError):
  COLS = OVERRIDES["tmem_cols"]
with contextlib.suppress(KeyError):
  COLS = OVERRIDES["default"]


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref, tmem):
  plgpu.async_store_tmem(tmem, load_as(x_ref, plgpu.Layout.TCGEN05) + 2.0)
  plgpu.commit_tmem()
  o_ref[...] = plgpu.async_load_tmem(tmem)


add2 = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.TMEM((ROWS, COLS), jnp.float32)],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(add2)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "slice_objects_grouped": r'''
"""Row slices of a staged tile stored to two outputs in one TMA group; the windows are slice objects."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 64)
TOP, BOTTOM = slice(0, 64), slice(64, 128)


def window(s):
  return pl.ds(s.start, s.stop - s.start)


def kernel(x_gmem, top_gmem, bottom_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[window(TOP)], top_gmem, commit_group=False)
  plgpu.copy_smem_to_gmem(smem.at[window(BOTTOM)], bottom_gmem, commit_group=False)
  plgpu.commit_smem_to_gmem_group()
  plgpu.wait_smem_to_gmem(0)


def split(x):
  half = jax.ShapeDtypeStruct((TOP.stop - TOP.start, SHAPE[1]), jnp.float32)
  rest = jax.ShapeDtypeStruct((BOTTOM.stop - BOTTOM.start, SHAPE[1]), jnp.float32)
  return plgpu.kernel(kernel, out_type=(half, rest),
                      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()])(x)


if __name__ == "__main__":
  print([o.shape for o in jax.jit(split)(jnp.ones(SHAPE, jnp.float32))])
''',
    "globals_named_blockspec": r'''
"""A 2-D emit_pipeline with pl.BlockSpec; the block shape is looked up in globals() by the chosen profile name."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK_SMALL = (64, 64)
BLOCK_WIDE = (64, 128)
PROFILE = "wide"
BLOCK = globals()[f"BLOCK_{PROFILE.upper()}"]
GRID = (2, 2)


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] + 0.5

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, o_gmem)


def shift(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  x = jnp.ones((GRID[0] * BLOCK[0], GRID[1] * BLOCK[1]), jnp.float32)
  print(jax.jit(shift)(x).sum())
''',
    "platform_params_table": r'''
"""A blocked tanh of a vector; compiler params come from a per-platform table of constructors."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax.experimental.pallas import triton as pltriton

PARAMS_BY_PLATFORM = {
    "mosaic_gpu": lambda: plgpu.CompilerParams(approx_math=True),
    "triton": lambda: pltriton.CompilerParams(num_warps=4),
}
PLATFORM = "mosaic_gpu"
N, BLOCK = 1024, 256


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("i") * BLOCK, BLOCK)
  o_ref[win] = jnp.tanh(x_ref[win])


squash = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), jnp.float32),
    grid=(N // BLOCK,),
    grid_names=("i",),
    compiler_params=PARAMS_BY_PLATFORM[PLATFORM](),
)

if __name__ == "__main__":
  print(jax.jit(squash)(jnp.ones((N,), jnp.float32))[:4])
''',
    "cycle_barrier_slots": r'''
"""Four row blocks staged by TMA; itertools.cycle deals them over two barriers of two arrivals each."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCKS = 4
SLOTS = 2
ROWS, COLS = 32, 128
DEAL = list(zip(range(BLOCKS), itertools.cycle(range(SLOTS))))


def kernel(x_gmem, o_gmem, smem, bars):
  for block, slot in DEAL:
    rows = pl.ds(block * ROWS, ROWS)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[slot])
  for slot in range(SLOTS):
    plgpu.barrier_wait(bars.at[slot])
  smem[...] = smem[...] * 0.5
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


halve = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((BLOCKS * ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCKS * ROWS, COLS), jnp.float32),
                   plgpu.Barrier(num_arrivals=BLOCKS // SLOTS, num_barriers=SLOTS)],
)

if __name__ == "__main__":
  print(jax.jit(halve)(jnp.ones((BLOCKS * ROWS, COLS), jnp.float32)).sum())
''',
}

# Adapted from tests/pallas/mosaic_gpu_test.py at the mirror's HEAD (test names in each docstring): the test's
# kernel kept with its first parameter set, its self.kernel / self.pallas_call harness rewritten as a plain
# plgpu.kernel launch under the Lane semantics its test class's harness sets, and a __main__ driver.
KERNELS_JAX: dict[str, str] = {
    "jax_tmem_load_layout": r'''
"""mosaic_gpu_test.py test_tmem_load_layout (layout=TCGEN05): x + 1 through TMEM, loaded in a given layout."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

layout = plgpu.Layout.TCGEN05
# self.default_transforms(dtype=jnp.float32) of the test harness, written out.
transforms = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def kernel(x_ref, y_ref, tmem_ref, smem_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref, smem_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  optimized = layout != plgpu.Layout.TCGEN05_TMEM_NATIVE
  try:
    x_val = plgpu.load(smem_ref, layout=layout, optimized=optimized)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    x_val = plgpu.load(smem_ref, (), layout=layout, optimized=optimized)
  plgpu.async_store_tmem(tmem_ref, x_val + 1)
  plgpu.commit_tmem()
  # We don't wait for the load to complete, because we never overwrite
  # tmem_ref.
  smem_ref[...] = plgpu.async_load_tmem(tmem_ref, layout=layout)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem_ref, y_ref)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
    scratch_types=[
        plgpu.TMEM((128, 128), jnp.float32),
        plgpu.SMEM((128, 128), jnp.float32, transforms=transforms),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 128), dtype=jnp.float32)
  print(jax.jit(f)(x).shape)
''',
    "jax_manual_tcgen05_commit_arrive": r'''
"""mosaic_gpu_test.py test_manual_tcgen05_commit_arrive (swizzle=128, float16): an MMA arrived on by hand."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

swizzle, dtype = 128, jnp.float16
shape = (128, 128)
# self.default_transforms(swizzle=swizzle, dtype=dtype), written out.
transforms = (plgpu.TilingTransform((8, 8 * swizzle // 16)), plgpu.SwizzleTransform(swizzle))


def kernel(a_gmem, b_gmem, out_gmem,
    a_smem, b_smem, tma_barrier, mma_barrier, acc_tmem):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)

  plgpu.commit_tmem()
  # Don't pass a barrier directly into tcgen05_mma and arrive manually.
  plgpu.tcgen05_mma(acc_tmem,
                    a_smem,
                    b_smem,
                    accumulate=False)
  plgpu.tcgen05_commit_arrive(mma_barrier)
  plgpu.barrier_wait(mma_barrier)
  # We don't await the load because acc_tmem is never modified again.
  # Host adaptation: 0.12.0.1 cannot store an f16 TMEM result straight to GMEM, so it goes back through
  # a_smem (free once the MMA barrier is passed) and a TMA store.
  a_smem[...] = plgpu.async_load_tmem(acc_tmem).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, out_gmem)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, dtype),
    scratch_types=[
      plgpu.SMEM(shape, dtype, transforms=transforms),  # a_smem
      plgpu.SMEM(shape, dtype, transforms=transforms),  # b_smem
      plgpu.Barrier(),  # tma_barrier
      plgpu.Barrier(orders_tensor_core=True),  # mma_barrier
      plgpu.TMEM((128, 128), jnp.float32),  # acc
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=shape, dtype=dtype)
  y = jax.random.uniform(jax.random.key(1), shape=shape, dtype=dtype)
  print(jax.jit(f)(x, y).shape)
''',
    "jax_mma_barrier_indexing": r'''
"""mosaic_gpu_test.py test_mma_barrier_indexing (barrier_index=(0,), num_barriers=2): an MMA on a barrier slot."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

barrier_index, num_barriers = (0,), 2
shape, swizzle, dtype = (128, 128), 128, jnp.float16
# self.default_transforms(swizzle=swizzle, dtype=dtype), written out.
transforms = (plgpu.TilingTransform((8, 8 * swizzle // 16)), plgpu.SwizzleTransform(swizzle))


# Host adaptation: the test's pallas_call with SMEM in_specs (not lowered for Mosaic GPU by 0.12.0.1) becomes a
# plgpu.kernel whose operands are TMA-copied into SMEM scratch (a_smem, b_smem, tma_barrier added), and the
# f16 result goes back through a_smem and a TMA store (0.12.0.1 cannot store it from TMEM to GMEM).
def kernel(a_gmem, b_gmem, out_ref, a_smem, b_smem, acc_tmem, barrier_ref, tma_barrier):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, tma_barrier)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  plgpu.tcgen05_mma(
      acc_tmem,
      a_smem,
      b_smem,
      barrier_ref.at[barrier_index],
      accumulate=False,
  )
  plgpu.barrier_wait(barrier_ref.at[barrier_index])
  a_smem[...] = plgpu.async_load_tmem(acc_tmem).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, out_ref)
  plgpu.wait_smem_to_gmem(0)


scratch_shapes = [
    plgpu.SMEM(shape, dtype, transforms=transforms),
    plgpu.SMEM(shape, dtype, transforms=transforms),
    plgpu.TMEM(shape, jnp.float32, packed=False),
    plgpu.Barrier(num_barriers=num_barriers, orders_tensor_core=True),
    plgpu.Barrier(num_arrivals=2),
]
f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, dtype),
    scratch_types=scratch_shapes,
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=shape, dtype=dtype)
  y = jax.random.uniform(jax.random.key(1), shape=shape, dtype=dtype)
  print(jax.jit(f)(x, y).shape)
''',
    "jax_matmul_with_sliced_accumulator": r'''
"""mosaic_gpu_test.py test_matmul_with_sliced_accumulator: a bf16 MMA into the first half of a wide TMEM ref."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

dtype = jnp.bfloat16
shape = (128, 128)
tmem_shape = (128, 2 * 128)
swizzle = 128

# Test a matmul with a single block.
# self.default_transforms(swizzle=swizzle, dtype=dtype), written out.
transforms = (plgpu.TilingTransform((8, 8 * swizzle // 16)), plgpu.SwizzleTransform(swizzle))


# Host adaptation: the test's pallas_call with SMEM in_specs (not lowered for Mosaic GPU by 0.12.0.1) becomes a
# plgpu.kernel whose operands are TMA-copied into SMEM scratch, and the bf16 result goes back through a_smem
# and a TMA store (0.12.0.1 cannot store it from TMEM to GMEM).
def kernel(a_gmem, b_gmem, out_ref, a_smem, b_smem, acc_tmem, barrier_ref, tma_barrier):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, tma_barrier)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  acc_tmem_slice = acc_tmem.at[slice(None), pl.dslice(0, 128)]
  plgpu.tcgen05_mma(acc_tmem_slice,
                    a_smem,
                    b_smem,
                    barrier_ref,
                    accumulate=False)
  plgpu.barrier_wait(barrier_ref)
  # We don't await the load because acc_tmem is never modified again.
  a_smem[...] = plgpu.async_load_tmem(acc_tmem_slice).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, out_ref)
  plgpu.wait_smem_to_gmem(0)


scratch_shapes = [
    plgpu.SMEM(shape, dtype, transforms=transforms),
    plgpu.SMEM(shape, dtype, transforms=transforms),
    plgpu.TMEM(tmem_shape, jnp.float32, packed=False),
    plgpu.Barrier(orders_tensor_core=True),
    plgpu.Barrier(num_arrivals=2),
]

f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, dtype),
    scratch_types=scratch_shapes,
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=shape, dtype=dtype)
  y = jax.random.uniform(jax.random.key(1), shape=shape, dtype=dtype)
  print(jax.jit(f)(x, y).shape)
''',
    "jax_warp_specialized_tmem_slice": r'''
"""mosaic_gpu_test.py test_warp_specialized_tmem_slice: an SMEM -> TMEM copy at a dynamic, foldable offset."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

dtype = jnp.float32


def kernel(in_ref, out_ref, smem, tmem, barrier):
  try:
    smem[...] = plgpu.load(in_ref, layout=plgpu.Layout.WGMMA, optimized=False)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    smem[...] = plgpu.load(in_ref, (), layout=plgpu.Layout.WGMMA, optimized=False)
  # This is a regression test which requires a dynamic, foldable offset.
  # This allows us to produce a dynamic offset under the hood that later
  # gets simplified away during MLIR canonicalization passes.
  c0 = lax.axis_index("x") * 0

  @plgpu.warp_map
  def _(warp_id):
    @pl.when(warp_id == 0)
    def _():
      plgpu.async_copy_smem_to_tmem(smem, tmem.at[:, pl.ds(c0, 32)])
      plgpu.tcgen05_commit_arrive(barrier)
  plgpu.barrier_wait(barrier)

  out_ref[...] = plgpu.async_load_tmem(tmem.at[:, pl.ds(c0, 32)])


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 32), dtype),
    grid=(1,),
    grid_names=("x",),
    scratch_types=(
        # self.default_transforms(dtype=dtype), written out.
        plgpu.SMEM((128, 32), dtype,
                   transforms=(plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))),
        plgpu.TMEM((128, 64), dtype),
        plgpu.Barrier(orders_tensor_core=True)),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 32), dtype=dtype)
  print(jax.jit(f)(x).shape)
''',
    "jax_griddepcontrol": r'''
"""mosaic_gpu_test.py test_griddepcontrol: x + 1 between griddepcontrol_wait and launch_dependents."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


# The test checks the PTX for the two griddepcontrol instructions; here the kernel is only lowered.
@jax.jit
def f(x):
  def kernel_body(x_ref, o_ref):
    plgpu.griddepcontrol_wait()
    o_ref[...] = x_ref[...] + 1.0
    plgpu.griddepcontrol_launch_dependents()

  return plgpu.kernel(
      kernel_body,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
  )(x)


if __name__ == "__main__":
  x = jnp.arange(128).astype(jnp.float32)
  print(f(x).shape)
''',
    "jax_reduction_scratch_bytes": r'''
"""mosaic_gpu_test.py test_reduction_with_more_scratch_uses_less_synchronization: a column sum of a WGMMA tile."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


# The test compares the SASS of two scratch sizes; here each of its two launches is lowered.
def run_kernel(x, scratch_bytes):
  def kernel(x_ref, y_ref):
    try:
      x_val = plgpu.load(x_ref, layout=plgpu.Layout.WGMMA, optimized=False)
    except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
      x_val = plgpu.load(x_ref, (), layout=plgpu.Layout.WGMMA, optimized=False)
    y_ref[...] = jnp.sum(x_val, axis=0)
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
      compiler_params=plgpu.CompilerParams(reduction_scratch_bytes=scratch_bytes,
                                           lowering_semantics=plgpu.LoweringSemantics.Lane)
  )(x)


if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 128), dtype=jnp.float32)
  out0 = jax.jit(run_kernel, static_argnums=1)(x, 1024)
  out1 = jax.jit(run_kernel, static_argnums=1)(x, 2 * 1024)
  print(out0.shape, out1.shape)
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
    _famheld.capped_mutation_cli(__doc__, "famheld10", bases(), famheld10_mutants, seed=2040)


if __name__ == "__main__":
    main()
