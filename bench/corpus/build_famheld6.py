"""Build the sixth held-out families corpus `famheld6` (issue 27), written blind: user-style Mosaic GPU
kernels written for this set (none of `families`, `famheld` ... `famheld5` used them), and one-edit
mutants of them by famheld6_mutate.py (operators written from JAX's own checks, blind to the checker).

usage: build_famheld6.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S]

Sources: the kernels in KERNELS below (OUT/famheld6/user/NAME.py), written for this set in the style of
JAX's GPU docs and ops/gpu kernels. What is new against famheld5 is the Python that carries the values the
kernel depends on: class attributes overridden by a subclass, properties, __init__ defaults, NamedTuple
(fields and positional construction), frozen dataclasses retuned by dataclasses.replace, nested dicts read
with dict.get defaults, **kwargs merging, starred tuple unpacking, list / dict comprehensions, enumerate /
zip loops over refs, closures and factories returning launches, a user decorator that launches a body,
functools.partial / functools.reduce / operator.mul, math.prod / math.gcd, f-string axis names, getattr on
a module-level SimpleNamespace (and on jnp / plgpu.Layout / plgpu.LoweringSemantics), enum.Enum and
IntEnum members, argparse defaults, typing.Final constants, a registry dict filled by a decorator,
itertools.product over configs, str.split() / str.lower(), and a global constant retuned later in the
module. The kernels cover TMA copies with barriers, grouped TMA stores, pl.run_scoped, producer / consumer
threads, set_max_registers, clusters (TMA multicast, ClusterBarrier), register layouts (WGMMA, WG_STRIDED,
TCGEN05, iota), emit_pipeline and emit_pipeline_warp_specialized, WGMMA (single tile and pipelined),
tcgen05 MMA into TMEM and a TMEM round trip, lax.fori_loop (unrolled) / while_loop / switch in a kernel,
compiler parameters, and 7 multi-device kernels under jax.shard_map (multimem_store, multimem_load_reduce
over a 2-D mesh and with int32 max, semaphore_signal_multicast, multicast_ref, remote_ref with TMA and
with a dict device_id) over meshes of the host's CPU devices.
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them.
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld6).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of each,
sampled with a fixed seed (an operator for at most --max-per-op bases); edits anywhere in the file.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why:
OUT/famheld6_dropped.json.

The commands that built /work/famheld6-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld6.py /work/famheld6-out
  nice -n 15 python3 label.py /work/famheld6-out --jobs 1 --only famheld6 $PY
  cp /work/famheld6-out/labels.json /tmp/famheld6_stage1.json
  python3 build_famheld6.py /work/famheld6-out --keep /tmp/famheld6_stage1.json --per-base 8 --per-op 1
  nice -n 15 python3 label.py /work/famheld6-out --jobs 1 --only famheld6 $PY
"""

from __future__ import annotations

import importlib

from famheld6_mutate import famheld6_mutants

_famheld = importlib.import_module("build_famheld")

# name -> source of each user-style base after its first newline (2-space indents as in JAX's docs).
KERNELS: dict[str, str] = {
    "inherit_row_scale": r'''
"""Scale row blocks of a matrix through SMEM; the tuning lives on a base config class a subclass retunes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class ScaleBase:
  block_rows = 32
  cols = 128
  scale = 2.0
  dtype = jnp.float32


class WideScale(ScaleBase):
  block_rows = ScaleBase.block_rows * 2
  scale = 0.5


def build(rows, cfg=WideScale):
  def body(x_gmem, o_gmem, x_smem, barrier):
    r = lax.axis_index("r")
    window = pl.ds(r * cfg.block_rows, cfg.block_rows)
    plgpu.copy_gmem_to_smem(x_gmem.at[window], x_smem, barrier)
    plgpu.barrier_wait(barrier)
    x_smem[...] = x_smem[...] * cfg.scale
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[window])
    plgpu.wait_smem_to_gmem(0)

  return plgpu.kernel(
      body,
      out_type=jax.ShapeDtypeStruct((rows, cfg.cols), cfg.dtype),
      scratch_types=[plgpu.SMEM((cfg.block_rows, cfg.cols), cfg.dtype), plgpu.Barrier()],
      grid=(rows // cfg.block_rows,),
      grid_names=("r",),
  )


if __name__ == "__main__":
  x = jnp.ones((256, WideScale.cols), jnp.float32)
  print(jax.jit(build(256))(x).sum())
''',
    "property_swizzle_bf16": r'''
"""A bf16 tile staged through swizzled SMEM; a small plan class derives the tiling with properties."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class SmemPlan:
  def __init__(self, rows=64, cols=128, dtype=jnp.bfloat16, swizzle=128):
    self.rows, self.cols = rows, cols
    self.dtype = dtype
    self.swizzle = swizzle

  @property
  def elems(self):
    return self.swizzle // jnp.dtype(self.dtype).itemsize

  @property
  def transforms(self):
    return (plgpu.TilingTransform((8, self.elems)), plgpu.SwizzleTransform(self.swizzle))

  def smem(self):
    return plgpu.SMEM((self.rows, self.cols), self.dtype, transforms=self.transforms)


PLAN = SmemPlan()


def kernel(x_gmem, o_gmem, x_smem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  x_smem[...] = x_smem[...] + jnp.asarray(1, PLAN.dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def bump(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((PLAN.rows, PLAN.cols), PLAN.dtype),
      scratch_types=[PLAN.smem(), plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(bump)(jnp.zeros((PLAN.rows, PLAN.cols), PLAN.dtype)).dtype)
''',
    "namedtuple_wgmma_tile": r'''
"""One WGMMA tile: the tile shape is a NamedTuple, the accumulator a run_scoped ACC."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class TileShape(NamedTuple):
  m: int = 64
  n: int = 128
  k: int = 64


TILE = TileShape()._replace(m=64)
DTYPE = jnp.float16


def _swizzled(dtype):
  elems = 128 // jnp.dtype(dtype).itemsize
  return (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, o_smem, bars):
  for i, (src, dst) in enumerate(((a_gmem, a_smem), (b_gmem, b_smem))):
    plgpu.copy_gmem_to_smem(src, dst, bars.at[i])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])

  def mma(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    return acc[...]

  o_smem[...] = pl.run_scoped(mma, plgpu.ACC((TILE.m, TILE.n), jnp.float32)).astype(DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def tile_mm(a, b):
  t = _swizzled(DTYPE)
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((TILE.m, TILE.n), DTYPE),
      scratch_types=[plgpu.SMEM((TILE.m, TILE.k), DTYPE, transforms=t),
                     plgpu.SMEM((TILE.k, TILE.n), DTYPE, transforms=t),
                     plgpu.SMEM((TILE.m, TILE.n), DTYPE, transforms=t),
                     plgpu.Barrier(num_barriers=2)],
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((TILE.m, TILE.k), DTYPE)
  b = jnp.ones((TILE.k, TILE.n), DTYPE)
  print(jax.jit(tile_mm)(a, b).shape)
''',
    "dataclass_replace_pipeline": r'''
"""Add two matrices with plgpu.emit_pipeline; the tuned config is dataclasses.replace of a frozen default."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class PipeConfig:
  block_rows: int = 32
  block_cols: int = 128
  stages: int = 2
  steps: int = 4


DEFAULT = PipeConfig()
TUNED = dataclasses.replace(DEFAULT, stages=3)


def make_add(cfg=TUNED):
  def kernel(x_gmem, y_gmem, o_gmem):
    spec = plgpu.BlockSpec((cfg.block_rows, cfg.block_cols), lambda i: (i, 0))

    def body(_, x_smem, y_smem, o_smem):
      o_smem[...] = x_smem[...] + y_smem[...]

    plgpu.emit_pipeline(body, grid=(cfg.steps,), in_specs=[spec, spec], out_specs=[spec],
                        max_concurrent_steps=cfg.stages)(x_gmem, y_gmem, o_gmem)

  shape = (cfg.steps * cfg.block_rows, cfg.block_cols)
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, jnp.float32)), shape


if __name__ == "__main__":
  add, shape = make_add()
  x = jnp.ones(shape, jnp.float32)
  print(jax.jit(add)(x, x).sum())
''',
    "nested_dict_ws_pipeline": r'''
"""A warp-specialized copy-and-scale pipeline, tuned by a nested dict read with .get defaults."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CONFIG = {
    "pipeline": {"stages": 2, "steps": 4},
    "threads": {"compute_wgs": 1, "memory_registers": 40},
    "tile": {"cols": 128},
}


def settings(cfg=CONFIG):
  tile = cfg.get("tile", {})
  rows = tile.get("block_rows", 64)
  cols = tile.get("cols", 128)
  pipe = cfg.get("pipeline", {})
  threads = cfg.get("threads", {})
  return rows, cols, pipe.get("stages", 2), pipe.get("steps", 4), threads


ROWS, COLS, STAGES, STEPS, THREADS = settings()


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec((ROWS, COLS), lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * 0.25

  plgpu.emit_pipeline_warp_specialized(
      body,
      grid=(STEPS,),
      in_specs=[spec],
      out_specs=[spec],
      max_concurrent_steps=STAGES,
      num_compute_wgs=THREADS.get("compute_wgs", 1),
      memory_registers=THREADS.get("memory_registers", 40),
      wg_axis="wg",
  )(x_gmem, o_gmem)


def quarter(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      num_threads=THREADS.get("compute_wgs", 1) + 1,
      thread_name="wg",
  )(x)


if __name__ == "__main__":
  print(jax.jit(quarter)(jnp.ones((STEPS * ROWS, COLS), jnp.float32)).sum())
''',
    "starred_split_grid2d": r'''
"""A 2-D tiled ReLU; tile sizes come from starred unpacking and the grid names from str.split()."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BM, BN, *_notes = (64, 64, "tuned on h100", "fp32")
GRID_NAMES = "row col".split()


def relu_kernel(x_gmem, o_gmem, tile, barrier):
  i, j = (lax.axis_index(name) for name in GRID_NAMES)
  window = (pl.ds(i * BM, BM), pl.ds(j * BN, BN))
  plgpu.copy_gmem_to_smem(x_gmem.at[window], tile, barrier)
  plgpu.barrier_wait(barrier)
  tile[...] = jnp.maximum(tile[...], 0.0)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(tile, o_gmem.at[window])
  plgpu.wait_smem_to_gmem(0)


def relu(x):
  m, n = x.shape
  return plgpu.kernel(
      relu_kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SMEM((BM, BN), x.dtype), plgpu.Barrier()],
      grid=(m // BM, n // BN),
      grid_names=tuple(GRID_NAMES),
  )(x)


if __name__ == "__main__":
  print(jax.jit(relu)(jnp.linspace(-1, 1, 128 * 256, dtype=jnp.float32).reshape(128, 256)).sum())
''',
    "comprehension_scratch_sum": r'''
"""Sum three same-shaped inputs; the SMEM buffers are built by a list comprehension over the inputs."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

INPUTS = ("query", "key", "value")
ROWS, COLS = 64, 128


def kernel(*refs):
  n = len(INPUTS)
  gmem_in, out_gmem = refs[:n], refs[n]
  smems, barriers = refs[n + 1:2 * n + 1], refs[2 * n + 1]
  for k, (src, dst) in enumerate(zip(gmem_in, smems)):
    plgpu.copy_gmem_to_smem(src, dst, barriers.at[k])
  for k in range(n):
    plgpu.barrier_wait(barriers.at[k])
  smems[0][...] = sum(s[...] for s in smems)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smems[0], out_gmem)
  plgpu.wait_smem_to_gmem(0)


def total(*xs):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
      scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32) for _ in INPUTS]
      + [plgpu.Barrier(num_barriers=len(INPUTS))],
  )(*xs)


if __name__ == "__main__":
  xs = [jnp.full((ROWS, COLS), i, jnp.float32) for i, _ in enumerate(INPUTS)]
  print(jax.jit(total)(*xs).sum())
''',
    "enumerate_zip_stores": r'''
"""One input, three scaled outputs written by grouped TMA stores in an enumerate(zip(...)) loop."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SCALES = (0.5, 2.0, 4.0)
SHAPE = (64, 128)


def kernel(x_gmem, *rest):
  outs = rest[:len(SCALES)]
  x_smem, *o_smems = rest[len(SCALES):-1]
  barriers = rest[-1]
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barriers.at[0])
  plgpu.barrier_wait(barriers.at[0])
  x = x_smem[...]
  for o_smem, s in zip(o_smems, SCALES):
    o_smem[...] = x * s
  plgpu.commit_smem()
  last = len(SCALES) - 1
  for i, (o_smem, o_gmem) in enumerate(zip(o_smems, outs)):
    plgpu.copy_smem_to_gmem(o_smem, o_gmem, commit_group=(i == last))
  plgpu.wait_smem_to_gmem(0)


scaled = plgpu.kernel(
    kernel,
    out_type=tuple(jax.ShapeDtypeStruct(SHAPE, jnp.float32) for _ in SCALES),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32) for _ in range(len(SCALES) + 1)]
    + [plgpu.Barrier(num_barriers=1)],
)

if __name__ == "__main__":
  outs = jax.jit(scaled)(jnp.ones(SHAPE, jnp.float32))
  print([o.sum() for o in outs])
''',
    "closure_factory_softplus": r'''
"""Softplus over a vector; a factory closes over beta and the block and returns the launch."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BETA = 1.0
FAST_MATH = {"approx_math": True}


def softplus_factory(n, block=512, beta=BETA):
  steps = n // block

  def softplus(x_ref, o_ref):
    win = pl.ds(lax.axis_index("blk") * block, block)
    o_ref[win] = jnp.log(1.0 + jnp.exp(beta * x_ref[win])) / beta

  launch = plgpu.kernel(softplus, out_type=jax.ShapeDtypeStruct((n,), jnp.float32),
                        grid=(steps,), grid_names=("blk",),
                        compiler_params=plgpu.CompilerParams(**FAST_MATH))
  return jax.jit(launch)


if __name__ == "__main__":
  fn = softplus_factory(2048)
  print(fn(jnp.zeros((2048,), jnp.float32))[:4])
''',
    "user_decorator_launch": r'''
"""A user decorator turns a kernel body into a launch; launch keywords ride on the decorator."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE = (64, 128)


def gpu_launch(out_like=0, **launch_kw):
  def wrap(body):
    @functools.wraps(body)
    def run(*args):
      like = args[out_like]
      return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(like.shape, like.dtype), **launch_kw)(*args)
    return run
  return wrap


@gpu_launch(scratch_types=[plgpu.SMEM(TILE, jnp.float32), plgpu.Barrier()],
            grid=(4,), grid_names=("i",))
def negate(x_gmem, o_gmem, x_smem, barrier):
  rows = pl.ds(lax.axis_index("i") * TILE[0], TILE[0])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], x_smem, barrier)
  plgpu.barrier_wait(barrier)
  x_smem[...] = -x_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
  print(jax.jit(negate)(jnp.ones((4 * TILE[0], TILE[1]), jnp.float32)).sum())
''',
    "partial_reduce_blocks": r'''
"""A flattened axpy: the element count is functools.reduce(operator.mul, ...), the block bound by partial."""
import functools
import operator

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (8, 16, 16)
SIZE = functools.reduce(operator.mul, SHAPE)
ALPHA = 3.0


def axpy_kernel(x_ref, y_ref, o_ref, *, block, alpha):
  win = pl.ds(lax.axis_index("b") * block, block)
  o_ref[win] = alpha * x_ref[win] + y_ref[win]


def axpy(x, y, block=256):
  body = functools.partial(axpy_kernel, block=block, alpha=ALPHA)
  return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32),
                      grid=(SIZE // block,), grid_names=("b",))(x, y)


if __name__ == "__main__":
  x = jnp.ones(SHAPE, jnp.float32).reshape(-1)
  print(jax.jit(axpy)(x, x)[:4])
''',
    "math_prod_strided": r'''
"""A GELU on a flattened tile in a WG_STRIDED layout; size by math.prod, vector width in a frozen dataclass."""
import dataclasses
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class VecPlan:
  shape: tuple = (16, 128)
  vec: int = 2

  @property
  def size(self):
    return math.prod(self.shape)


PLAN = VecPlan()


def kernel(x_ref, o_ref):
  layout = plgpu.Layout.WG_STRIDED((PLAN.size,), vec_size=math.gcd(PLAN.vec, 4))
  x = plgpu.layout_cast(x_ref[...], layout)
  o_ref[...] = 0.5 * x * (1.0 + jnp.tanh(0.79788456 * (x + 0.044715 * x * x * x)))


gelu = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((PLAN.size,), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(gelu)(jnp.linspace(-3, 3, PLAN.size, dtype=jnp.float32))[:4])
''',
    "fstring_axis_grid": r'''
"""A 2-D tiled transpose-free copy whose grid axis names are built with f-strings from one prefix."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

PREFIX = "tile"
TM, TN = 64, 128


def copy_kernel(x_gmem, o_gmem, buf, bar):
  m = lax.axis_index(f"{PREFIX}_m")
  n = lax.axis_index(f"{PREFIX}_n")
  win = (pl.ds(m * TM, TM), pl.ds(n * TN, TN))
  plgpu.copy_gmem_to_smem(x_gmem.at[win], buf, bar)
  plgpu.barrier_wait(bar)
  buf[...] = buf[...] * 2.0 - 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


def affine(x):
  return plgpu.kernel(
      copy_kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SMEM((TM, TN), x.dtype), plgpu.Barrier()],
      grid=(x.shape[0] // TM, x.shape[1] // TN),
      grid_names=(f"{PREFIX}_m", f"{PREFIX}_n"),
  )(x)


if __name__ == "__main__":
  print(jax.jit(affine)(jnp.ones((128, 256), jnp.float32)).sum())
''',
    "getattr_namespace_layout": r'''
"""Row maxima of a tile in a register layout chosen by name: getattr on a module-level SimpleNamespace."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

NS = types.SimpleNamespace(dtype="float32", layout="WGMMA", rows=128, cols=128)
DTYPE = getattr(jnp, NS.dtype)
SWZ = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def kernel(x_gmem, o_gmem, x_smem, m_smem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  x = plgpu.layout_cast(x_smem[...], getattr(plgpu.Layout, NS.layout))
  m_smem[...] = jnp.max(x, axis=1)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(m_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def row_max(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((NS.rows,), DTYPE),
      scratch_types=[plgpu.SMEM((NS.rows, NS.cols), DTYPE, transforms=SWZ),
                     plgpu.SMEM((NS.rows,), DTYPE), plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(row_max)(jnp.ones((NS.rows, NS.cols), DTYPE))[:4])
''',
    "intenum_register_split": r'''
"""A producer and a consumer warpgroup with register budgets from an IntEnum (set_max_registers)."""
import enum

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Regs(enum.IntEnum):
  PRODUCER_REGS = 40
  CONSUMER_REGS = 232


N = 1024


def kernel(x_ref, o_ref):
  role = lax.axis_index("role")

  @pl.when(role == 0)
  def _producer():
    plgpu.set_max_registers(int(Regs.PRODUCER_REGS), action="decrease")
    o_ref[pl.ds(0, N)] = x_ref[pl.ds(0, N)] * 2.0

  @pl.when(role == 1)
  def _consumer():
    plgpu.set_max_registers(int(Regs.CONSUMER_REGS), action="increase")
    o_ref[pl.ds(N, N)] = jnp.exp(x_ref[pl.ds(N, N)])


split = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((2 * N,), jnp.float32),
                     num_threads=len(Regs), thread_name="role")

if __name__ == "__main__":
  print(jax.jit(split)(jnp.ones((2 * N,), jnp.float32))[:4])
''',
    "enum_swizzle_fp16_copy": r'''
"""An fp16 tile copied through swizzled SMEM; the swizzle is an Enum member, the tiling derived from it."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Swizzle(enum.Enum):
  SW32 = 32
  SW64 = 64
  SW128 = 128


CHOSEN = Swizzle.SW128
ROWS, COLS = 64, 64
DTYPE = jnp.float16


def transforms(sw=CHOSEN, dtype=DTYPE):
  return (plgpu.TilingTransform((8, sw.value // jnp.dtype(dtype).itemsize)), plgpu.SwizzleTransform(sw.value))


def kernel(x_gmem, o_gmem, buf, bar):
  plgpu.copy_gmem_to_smem(x_gmem, buf, bar)
  plgpu.barrier_wait(bar)
  buf[...] = buf[...] * buf[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem)
  plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=transforms()), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(square)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "argparse_cluster_multicast": r'''
"""A cluster of blocks receives one shared tile by TMA multicast; sizes and dtype are argparse defaults."""
import argparse

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def parse(argv=()):
  p = argparse.ArgumentParser()
  p.add_argument("--cluster", type=int, default=2)
  p.add_argument("--rows", type=int, default=64)
  p.add_argument("--cols", type=int, default=128)
  p.add_argument("--dtype", default="float32")
  return p.parse_args(list(argv))


ARGS = parse()


def kernel(w_gmem, x_gmem, o_gmem, w_smem, x_smem, bars):
  c = lax.axis_index("cl")
  rows = pl.ds(c * ARGS.rows, ARGS.rows)
  plgpu.copy_gmem_to_smem(w_gmem, w_smem, bars.at[0], collective_axes="cl")
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], x_smem, bars.at[1])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])
  x_smem[...] = x_smem[...] * w_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


def gated(w, x, args=ARGS):
  dtype = jnp.dtype(args.dtype)
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, dtype),
      scratch_types=[plgpu.SMEM((args.rows, args.cols), dtype), plgpu.SMEM((args.rows, args.cols), dtype),
                     plgpu.Barrier(num_barriers=2)],
      grid=(args.cluster,),
      grid_names=("g",),
      cluster=(args.cluster,),
      cluster_names=("cl",),
  )(w, x)


if __name__ == "__main__":
  dt = jnp.dtype(ARGS.dtype)
  w = jnp.ones((ARGS.rows, ARGS.cols), dt)
  x = jnp.ones((ARGS.cluster * ARGS.rows, ARGS.cols), dt)
  print(jax.jit(gated)(w, x).sum())
''',
    "final_wgmma_pipeline": r'''
"""A Hopper matmul pipelined over K with WGMMA; the tile constants are typing.Final module constants."""
from typing import Final

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE_M: Final = 64
TILE_N: Final = 128
SWIZZLE: Final = 128
STAGES: Final = 2
DTYPE: Final = jnp.float16


def matmul(a, b):
  m, k = a.shape
  _, n = b.shape
  elems = SWIZZLE // jnp.dtype(DTYPE).itemsize
  t = (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(SWIZZLE))

  def kernel(a_gmem, b_gmem, o_gmem, o_smem, acc):
    im, jn = lax.axis_index("m"), lax.axis_index("n")

    def step(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(0)

    plgpu.emit_pipeline(
        step,
        in_specs=[plgpu.BlockSpec((TILE_M, elems), lambda kk: (im, kk), transforms=t),
                  plgpu.BlockSpec((elems, TILE_N), lambda kk: (kk, jn), transforms=t)],
        grid=(k // elems,),
        max_concurrent_steps=STAGES,
    )(a_gmem, b_gmem)
    o_smem[...] = acc[...].astype(DTYPE)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(o_smem, o_gmem.at[pl.ds(im * TILE_M, TILE_M), pl.ds(jn * TILE_N, TILE_N)])
    plgpu.wait_smem_to_gmem(0)

  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((m, n), DTYPE),
      scratch_types=[plgpu.SMEM((TILE_M, TILE_N), DTYPE, transforms=t), plgpu.ACC((TILE_M, TILE_N))],
      grid=(m // TILE_M, n // TILE_N),
      grid_names=("m", "n"),
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((128, 256), DTYPE)
  b = jnp.ones((256, 256), DTYPE)
  print(jax.jit(matmul)(a, b).shape)
''',
    "registry_activation_variants": r'''
"""A registry of activation kernels filled by a decorator; every registered variant is launched."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ACTIVATIONS = {"tanh": jnp.tanh, "exp": jnp.exp, "neg": jnp.negative}
KERNELS = {}
BLOCK = 256
N = 1024


def register(name):
  def deco(make):
    KERNELS[name] = make(ACTIVATIONS[name])
    return make
  return deco


def _elementwise(fn):
  def body(x_ref, o_ref):
    w = pl.ds(lax.axis_index("i") * BLOCK, BLOCK)
    o_ref[w] = fn(x_ref[w])
  return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((N,), jnp.float32), grid=(N // BLOCK,),
                      grid_names=("i",))


for _name in ACTIVATIONS:
  register(_name)(_elementwise)


if __name__ == "__main__":
  x = jnp.linspace(-1, 1, N, dtype=jnp.float32)
  for name, kern in sorted(KERNELS.items()):
    print(name, jax.jit(kern)(x)[:2])
''',
    "itertools_product_copies": r'''
"""One kernel per (rows, dtype) pair from itertools.product: TMA in, scale, TMA out."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

ROW_CHOICES = (64, 128)
DTYPE_NAMES = ("float32", "bfloat16")
COLS = 128
GAIN = 1.5


def make(rows, dtype):
  def kernel(x_gmem, o_gmem, buf, bar):
    plgpu.copy_gmem_to_smem(x_gmem, buf, bar)
    plgpu.barrier_wait(bar)
    buf[...] = (buf[...].astype(jnp.float32) * GAIN).astype(dtype)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(buf, o_gmem)
    plgpu.wait_smem_to_gmem(0)

  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((rows, COLS), dtype),
                      scratch_types=[plgpu.SMEM((rows, COLS), dtype), plgpu.Barrier()])


VARIANTS = {(rows, name): make(rows, getattr(jnp, name))
            for rows, name in itertools.product(ROW_CHOICES, DTYPE_NAMES)}

if __name__ == "__main__":
  for (rows, name), kern in VARIANTS.items():
    print(rows, name, jax.jit(kern)(jnp.ones((rows, COLS), getattr(jnp, name))).dtype)
''',
    "upper_mode_reduce": r'''
"""A row reduction whose op is a mode string normalised with .lower() and looked up on jnp."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

MODE = "Max"
ROWS, COLS = 128, 64
TRANSFORMS = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def reducer(mode=MODE):
  return getattr(jnp, mode.lower())


def kernel(x_gmem, o_gmem, x_smem, r_smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, bar)
  plgpu.barrier_wait(bar)
  x = plgpu.layout_cast(x_smem[...], plgpu.Layout.WGMMA)
  r_smem[...] = reducer()(x, axis=1)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(r_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


reduce_rows = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS,), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32, transforms=TRANSFORMS),
                   plgpu.SMEM((ROWS,), jnp.float32), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(reduce_rows)(jnp.ones((ROWS, COLS), jnp.float32))[:4])
''',
    "global_redefined_block": r'''
"""A blocked exponential; the module first sets BLOCK and later retunes it (the later value wins)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK = 64
COLS = 128


def kernel(x_gmem, o_gmem, buf, bar):
  rows = pl.ds(lax.axis_index("b") * BLOCK, BLOCK)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], buf, bar)
  plgpu.barrier_wait(bar)
  buf[...] = jnp.exp(buf[...])
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


def expo(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SMEM((BLOCK, COLS), x.dtype), plgpu.Barrier()],
      grid=(x.shape[0] // BLOCK,),
      grid_names=("b",),
  )(x)


# Retuned after profiling: larger row blocks.
BLOCK = BLOCK * 2

if __name__ == "__main__":
  print(jax.jit(expo)(jnp.zeros((512, COLS), jnp.float32)).sum())
''',
    "tcgen05_single_tile_init": r'''
"""A single Blackwell MMA tile: tcgen05_mma into TMEM, sizes from a class __init__'s defaults."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

BARRIER_KW = {"num_arrivals": 1, "orders_tensor_core": True}


class BlackwellTile:
  def __init__(self, tile_m=128, tile_n=128, tile_k=64, dtype=jnp.float16):
    self.tile_m, self.tile_n, self.tile_k = tile_m, tile_n, tile_k
    self.dtype = dtype
    sw = plgpu.find_swizzle(tile_k * jnp.dtype(dtype).itemsize * 8)
    self.transforms = (plgpu.TilingTransform((8, sw // jnp.dtype(dtype).itemsize)), plgpu.SwizzleTransform(sw))

  def kernel(self, a_gmem, b_gmem, o_gmem, a_smem, b_smem, o_smem, acc, loads, mma_done):
    plgpu.copy_gmem_to_smem(a_gmem, a_smem, loads.at[0])
    plgpu.copy_gmem_to_smem(b_gmem, b_smem, loads.at[1])
    plgpu.barrier_wait(loads.at[0])
    plgpu.barrier_wait(loads.at[1])
    plgpu.tcgen05_mma(acc, a_smem, b_smem, barrier=mma_done, accumulate=False)
    plgpu.barrier_wait(mma_done)
    o_smem[...] = plgpu.async_load_tmem(acc).astype(self.dtype)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(o_smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)

  def __call__(self, a, b):
    m, n, k, t = self.tile_m, self.tile_n, self.tile_k, self.transforms
    return plgpu.kernel(
        self.kernel,
        out_type=jax.ShapeDtypeStruct((m, n), self.dtype),
        scratch_types=[plgpu.SMEM((m, k), self.dtype, transforms=t), plgpu.SMEM((k, n), self.dtype, transforms=t),
                       plgpu.SMEM((m, n), self.dtype, transforms=t), plgpu.TMEM((m, n), jnp.float32),
                       plgpu.Barrier(num_barriers=2), plgpu.Barrier(**BARRIER_KW)],
    )(a, b)


if __name__ == "__main__":
  mm = BlackwellTile()
  a = jnp.ones((mm.tile_m, mm.tile_k), jnp.float16)
  b = jnp.ones((mm.tile_k, mm.tile_n), jnp.float16)
  print(jax.jit(mm)(a, b).shape)
''',
    "tmem_property_roundtrip": r'''
"""Park a tile in TMEM and read it back scaled; the TMEM shape is a property of a staging class."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class TmemStage:
  acc_rows = 128
  acc_cols = 64
  dtype = jnp.float32

  @property
  def tmem_shape(self):
    return (self.acc_rows, self.acc_cols)


STAGE = TmemStage()
SWZ = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def kernel(x_gmem, o_gmem, x_smem, tmem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, bar)
  plgpu.barrier_wait(bar)
  plgpu.async_store_tmem(tmem, plgpu.layout_cast(x_smem[...], plgpu.Layout.TCGEN05))
  plgpu.commit_tmem()
  x_smem[...] = plgpu.async_load_tmem(tmem) * 3.0
  plgpu.wait_load_tmem()
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def stage(x):
  shape = (STAGE.acc_rows, STAGE.acc_cols)
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(shape, STAGE.dtype),
      scratch_types=[plgpu.SMEM(shape, STAGE.dtype, transforms=SWZ), plgpu.TMEM(STAGE.tmem_shape, STAGE.dtype),
                     plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(stage)(jnp.ones((STAGE.acc_rows, STAGE.acc_cols), jnp.float32)).sum())
''',
    "cluster_replace_multicast": r'''
"""Both blocks of a cluster get a bias row-block by TMA multicast; the cluster config is a replaced dataclass."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class ClusterCfg:
  cluster: int = 1
  rows: int = 64
  cols: int = 128
  axis: str = "cx"


CFG = dataclasses.replace(ClusterCfg(), cluster=2)


def kernel(bias_gmem, x_gmem, o_gmem, bias_smem, x_smem, bars):
  me = lax.axis_index(CFG.axis)
  win = pl.ds(me * CFG.rows, CFG.rows)
  plgpu.copy_gmem_to_smem(bias_gmem, bias_smem, bars.at[0], collective_axes=CFG.axis)
  plgpu.copy_gmem_to_smem(x_gmem.at[win], x_smem, bars.at[1])
  for k in range(2):
    plgpu.barrier_wait(bars.at[k])
  x_smem[...] = x_smem[...] - bias_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


def centered(bias, x):
  tile = (CFG.rows, CFG.cols)
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SMEM(tile, x.dtype), plgpu.SMEM(tile, x.dtype), plgpu.Barrier(num_barriers=2)],
      grid=(CFG.cluster,),
      grid_names=("blk",),
      cluster=(CFG.cluster,),
      cluster_names=(CFG.axis,),
  )(bias, x)


if __name__ == "__main__":
  bias = jnp.ones((CFG.rows, CFG.cols), jnp.float32)
  x = jnp.ones((CFG.cluster * CFG.rows, CFG.cols), jnp.float32)
  print(jax.jit(centered)(bias, x).sum())
''',
    "cluster_barrier_kwargs": r'''
"""A two-block cluster that meets at a ClusterBarrier; launch options are merged from two kwargs dicts."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ARRIVALS = 1
LAUNCH = dict(grid=(2,), grid_names=("g",))
CLUSTER = dict(cluster=(2,), cluster_names=("c",))
CHUNK = 256


def kernel(x_ref, o_ref, cbar):
  c = lax.axis_index(CLUSTER["cluster_names"][0])
  win = pl.ds(c * CHUNK, CHUNK)
  o_ref[win] = jnp.abs(x_ref[win])
  plgpu.barrier_arrive(cbar)
  plgpu.barrier_wait(cbar)


def absolute(x):
  axes = tuple(CLUSTER["cluster_names"])
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.ClusterBarrier(collective_axes=axes, num_arrivals=ARRIVALS)],
      **{**LAUNCH, **CLUSTER},
  )(x)


if __name__ == "__main__":
  print(jax.jit(absolute)(jnp.linspace(-1, 1, 2 * CHUNK, dtype=jnp.float32))[:4])
''',
    "fori_unroll_accumulate": r'''
"""Accumulate row tiles in registers with lax.fori_loop(unroll=UNROLL), tiles fetched one by one by TMA."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE = (64, 128)
NUM_TILES = 4
UNROLL = 2


def kernel(x_gmem, o_gmem, buf, out_smem, bar):
  def body(i, acc):
    plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(i * TILE[0], TILE[0])], buf, bar)
    plgpu.barrier_wait(bar)
    return acc + buf[...]

  zero = plgpu.layout_cast(jnp.zeros(TILE, jnp.float32), plgpu.Layout.WG_STRIDED(TILE, vec_size=2))
  out_smem[...] = lax.fori_loop(0, NUM_TILES, body, zero, unroll=UNROLL)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


tile_sum = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(TILE, jnp.float32),
    scratch_types=[plgpu.SMEM(TILE, jnp.float32), plgpu.SMEM(TILE, jnp.float32), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(tile_sum)(jnp.ones((NUM_TILES * TILE[0], TILE[1]), jnp.float32)).sum())
''',
    "while_countdown": r'''
"""Repeatedly halve a vector until a step budget runs out: lax.while_loop with an (i, value) carry."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SIZE = 512
MAX_STEPS = 3
PARAMS = {"approx_math": False}


def kernel(x_ref, o_ref):
  def cond(carry):
    i, _ = carry
    return i < MAX_STEPS

  def body(carry):
    i, v = carry
    return i + 1, v * 0.5

  _, out = lax.while_loop(cond, body, (jnp.int32(0), x_ref[...]))
  o_ref[...] = out


halve = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32),
                     compiler_params=plgpu.CompilerParams(**PARAMS))

if __name__ == "__main__":
  print(jax.jit(halve)(jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "switch_enum_branch": r'''
"""Pick a transform with lax.switch on an index read from GMEM; branch order follows an IntEnum."""
import enum

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu


class Op(enum.IntEnum):
  DOUBLE = 0
  SQUARE = 1
  NEGATE = 2


BRANCHES = {Op.DOUBLE: lambda v: v * 2.0, Op.SQUARE: lambda v: v * v, Op.NEGATE: lambda v: -v}
SIZE = 256


def kernel(op_ref, x_ref, o_ref):
  which = op_ref[0]
  x = x_ref[...]
  o_ref[...] = lax.switch(which, [BRANCHES[op] for op in sorted(Op)], x)


apply_op = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(apply_op)(jnp.array([int(Op.SQUARE)], jnp.int32), jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "producer_consumer_classattrs": r'''
"""A producer thread TMA-loads two tiles, a consumer thread adds them; roles and counts are class attributes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Roles:
  PRODUCER = 0
  CONSUMER = 1
  COUNT = 2


ARRIVALS = 1
TILE = (64, 128)


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, loaded, ready):
  role = lax.axis_index("t")

  @pl.when(role == Roles.PRODUCER)
  def _load():
    plgpu.copy_gmem_to_smem(a_gmem, a_smem, loaded.at[0])
    plgpu.copy_gmem_to_smem(b_gmem, b_smem, loaded.at[1])
    plgpu.barrier_wait(loaded.at[0])
    plgpu.barrier_wait(loaded.at[1])
    plgpu.barrier_arrive(ready)

  @pl.when(role == Roles.CONSUMER)
  def _add():
    plgpu.barrier_wait(ready)
    a_smem[...] = a_smem[...] + b_smem[...]
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(a_smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


def add(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(TILE, jnp.float32),
      scratch_types=[plgpu.SMEM(TILE, jnp.float32), plgpu.SMEM(TILE, jnp.float32),
                     plgpu.Barrier(num_barriers=2), plgpu.Barrier(num_arrivals=ARRIVALS)],
      num_threads=Roles.COUNT,
      thread_name="t",
  )(a, b)


if __name__ == "__main__":
  x = jnp.ones(TILE, jnp.float32)
  print(jax.jit(add)(x, x).sum())
''',
    "ws_class_pipeline": r'''
"""A warp-specialized squaring pipeline; its thread counts are derived by properties of a plan class."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class WsPlan:
  compute_wgs = 1
  stages = 2
  block = (128, 64)
  steps = 4

  @property
  def num_threads(self):
    return self.compute_wgs + 1


PLAN = WsPlan()


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec(PLAN.block, lambda i: (0, i))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * x_smem[...]

  plgpu.emit_pipeline_warp_specialized(
      body,
      grid=(PLAN.steps,),
      in_specs=[spec],
      out_specs=[spec],
      max_concurrent_steps=PLAN.stages,
      num_compute_wgs=PLAN.compute_wgs,
      memory_registers=40,
      wg_axis="warpgroup",
  )(x_gmem, o_gmem)


def square(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=PLAN.num_threads, thread_name="warpgroup")(x)


if __name__ == "__main__":
  print(jax.jit(square)(jnp.ones((PLAN.block[0], PLAN.steps * PLAN.block[1]), jnp.float32)).sum())
''',
    "semantics_params_iota": r'''
"""Add a column ramp to a tile; compiler parameters come from a dict with the lowering semantics by name."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SEMANTICS = "Warpgroup"
PARAMS = {"approx_math": True}
SHAPE = (128, 128)


def kernel(x_gmem, o_gmem, buf, bar):
  plgpu.copy_gmem_to_smem(x_gmem, buf, bar)
  plgpu.barrier_wait(bar)
  ramp = lax.broadcasted_iota(jnp.int32, SHAPE, 1).astype(jnp.float32)
  buf[...] = buf[...] + ramp
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem)
  plgpu.wait_smem_to_gmem(0)


ramp_add = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    compiler_params=plgpu.CompilerParams(
        lowering_semantics=getattr(plgpu.LoweringSemantics, SEMANTICS), **PARAMS),
)

if __name__ == "__main__":
  print(jax.jit(ramp_add)(jnp.zeros(SHAPE, jnp.float32))[0, :4])
''',
    "md_enum_axis_multimem_store": r'''
"""Device 0 broadcasts a ramp to every peer with multimem_store; the mesh axis name is an Enum's value."""
import enum

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class MeshAxis(enum.Enum):
  DEVICES = "x"


AXIS = MeshAxis.DEVICES.value
NUM_DEVICES = 2
TILE = (128, 128)


def kernel(y_ref, sem):
  @pl.when(lax.axis_index(AXIS) == 0)
  def _root():
    ramp = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, TILE, 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(ramp, y_ref, AXIS)

  peer = 1 - lax.axis_index(AXIS)
  pl.semaphore_signal(sem, 1, device_id=peer)
  pl.semaphore_wait(sem)


def broadcast():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(TILE, jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == "__main__":
  mesh = jax.make_mesh((NUM_DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(broadcast, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(fn().shape)
''',
    "md_2d_mesh_load_reduce": r'''
"""An all-reduce over every axis of a 2-D device mesh with multimem_load_reduce; the op name is lower()ed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
MESH_AXES = ("x", "y")
OP = "ADD".lower()
ROWS, COLS = 64, 128


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=MESH_AXES, reduction_op=OP),
      plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=4),
  )
  plgpu.semaphore_signal_multicast(sem, collective_axes=MESH_AXES)
  pl.semaphore_wait(sem, 2)


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]).reshape(2, 1), MESH_AXES)
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(MESH_AXES), out_specs=P(MESH_AXES),
                             check_vma=False))
  print(fn(jnp.ones((2 * ROWS, COLS), jnp.float32)).shape)
''',
    "md_device_id_dict_exchange": r'''
"""Two devices swap tiles through remote_ref; the peer is addressed by a {mesh axis: index} device_id."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS = "ring"
SHARD = (64, 128)


def kernel(x_ref, y_ref, sem):
  peer = 1 - lax.axis_index(AXIS)
  plgpu.remote_ref(y_ref, peer)[...] = x_ref[...]
  pl.semaphore_signal(sem, 1, device_id={AXIS: peer})
  pl.semaphore_wait(sem)


def swap(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHARD, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((2,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(swap, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((2 * SHARD[0], SHARD[1]), jnp.float32)).shape)
''',
    "md_fstring_signal_multicast": r'''
"""A device-wide barrier after a local update: semaphore_signal_multicast over an f-string mesh axis name."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS_PREFIX = "dev"
AXIS = f"{AXIS_PREFIX}_0"
SYNC = {"collective_axes": (AXIS,)}
DEVICES = 2


def kernel(x_ref, o_ref, sem):
  o_ref[...] = jnp.maximum(x_ref[...], 0.0)
  plgpu.semaphore_signal_multicast(sem, **SYNC)
  pl.semaphore_wait(sem, DEVICES)


def step(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (f"{AXIS_PREFIX}_0",), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.zeros((DEVICES * 128, 128), jnp.float32)).shape)
''',
    "md_multicast_gather_factory": r'''
"""An all-gather built by a factory: each device TMA-stores its rows into every peer's output by multicast_ref."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def make_all_gather(axis, num_devices, rows, cols, dtype=jnp.float32):
  def kernel(x_gmem, y_gmem, x_smem, bar, done):
    me = lax.axis_index(axis)
    plgpu.copy_gmem_to_smem(x_gmem, x_smem, bar)
    plgpu.barrier_wait(bar)
    plgpu.copy_smem_to_gmem(x_smem, plgpu.multicast_ref(y_gmem, axis).at[pl.ds(me * rows, rows)])
    plgpu.wait_smem_to_gmem(0)
    plgpu.semaphore_signal_multicast(done, collective_axes=axis)
    pl.semaphore_wait(done, num_devices)

  def gather(x):
    return plgpu.kernel(
        kernel,
        out_type=jax.ShapeDtypeStruct((num_devices * rows, cols), dtype),
        scratch_types=[plgpu.SMEM((rows, cols), dtype), plgpu.Barrier(), plgpu.SemaphoreType.REGULAR],
    )(x)

  return gather


if __name__ == "__main__":
  gather = make_all_gather("x", 2, 64, 128)
  mesh = jax.make_mesh((2,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(gather, mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False))
  print(fn(jnp.ones((128, 128), jnp.float32)).shape)
''',
    "md_remote_ring_namedtuple": r'''
"""A ring shift over NVLINK: TMA-store the local block into the next device's output (NamedTuple config)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class RingShape(NamedTuple):
  rows: int
  cols: int


class Ring(NamedTuple):
  axis: str = "x"
  size: int = 2


RING = Ring()
BLOCK = RingShape(64, 128)


def kernel(x_ref, y_ref, buf, bar, sem):
  nxt = lax.rem(lax.axis_index(RING.axis) + 1, RING.size)
  plgpu.copy_gmem_to_smem(x_ref, buf, bar)
  plgpu.barrier_wait(bar)
  plgpu.copy_smem_to_gmem(buf, plgpu.remote_ref(y_ref, nxt))
  plgpu.wait_smem_to_gmem(0)
  pl.semaphore_signal(sem, device_id=nxt)
  pl.semaphore_wait(sem)


def shift(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(tuple(BLOCK), jnp.float32),
      scratch_types=[plgpu.SMEM(tuple(BLOCK), jnp.float32), plgpu.Barrier(), plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((RING.size,), (RING.axis,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P(RING.axis), out_specs=P(RING.axis), check_vma=False))
  print(fn(jnp.ones((RING.size * BLOCK.rows, BLOCK.cols), jnp.float32)).shape)
''',
    "md_allreduce_dataclass_int": r'''
"""An int32 max all-reduce with multimem_load_reduce, its op / width / dtype kept in a frozen dataclass."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass(frozen=True)
class ReduceSpec:
  axis: str = "x"
  op: str = "max"
  vec_size: int = 2
  dtype: object = jnp.int32
  rows: int = 64
  cols: int = 64


SPEC = ReduceSpec()


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=SPEC.axis, reduction_op=SPEC.op),
      plgpu.Layout.WG_STRIDED((SPEC.rows, SPEC.cols), vec_size=SPEC.vec_size),
  )
  peer = 1 - lax.axis_index(SPEC.axis)
  pl.semaphore_signal(sem, 1, device_id=peer)
  pl.semaphore_wait(sem)


def allmax(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SPEC.rows, SPEC.cols), SPEC.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((2,), (SPEC.axis,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allmax, mesh=mesh, in_specs=P(SPEC.axis), out_specs=P(SPEC.axis), check_vma=False))
  print(fn(jnp.ones((2 * SPEC.rows, SPEC.cols), SPEC.dtype)).shape)
''',
}


def user_bases() -> list[tuple[str, str, str, list[tuple[int, int]]]]:
    """(part, stem, text, line ranges a mutant may edit) of each base: the whole file."""
    texts = {name: text.removeprefix("\n") for name, text in KERNELS.items()}
    return [("user", name, text, [(1, text.count("\n") + 1)]) for name, text in sorted(texts.items())]


def main() -> None:
    _famheld.capped_mutation_cli(__doc__, "famheld6", user_bases(), famheld6_mutants, seed=2036,
                                 per_base=7, max_per_op=12)


if __name__ == "__main__":
    main()
