"""Build the eighth held-out families corpus `famheld8` (issue 27), written blind: user-style Mosaic GPU
kernels written for this set (no earlier set, `families`, `famheld` ... `famheld7`, used them), six bases
adapted from JAX's own tests that no earlier families set took, and one-edit mutants of them by
famheld8_mutate.py (operators written from JAX's own checks, blind to the checker).

usage: build_famheld8.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S]

Sources:
  famheld8/user/NAME.py  the kernels in KERNELS below, written for this set. What is new against famheld6 is
                         the Python that carries the values the kernel depends on: classmethod / staticmethod
                         constructors, dataclass __post_init__ and field(default_factory=...), __getitem__ /
                         __getattr__ config objects, a __call__ kernel factory, super().__init__ in a subclass,
                         an abc.ABC with a concrete subclass, functools.lru_cache / cached_property, dict | dict,
                         collections.ChainMap / defaultdict, types.MappingProxyType, json.loads of a literal,
                         os.environ.get defaults (unset when labelled), operator.itemgetter / attrgetter,
                         max(key=...), a walrus, a match statement, a lambda table, next() of a generator,
                         zip(strict=True), divmod, int() / float() of strings, str.format, %-formatting,
                         negative indices and tuple slices, range(), bisect, fractions.Fraction, enum.Flag,
                         typing.Literal tables, nested functions binding loop values, a module-level if,
                         try/except fallbacks, a global rebinding, an Enum-keyed class registry and a
                         hand-written context manager.
  famheld8/jax/NAME.py   six kernels of tests/pallas/mosaic_gpu_test.py (the mirror's HEAD) that no earlier set
                         took as a base (test_tma_load_multicast, test_wgmma_registers_init,
                         test_fori_loop_accumulator, test_swizzled_dimension_dynamic_slice,
                         test_reduce_with_layout, test_add_one_grid_pipelined), the test's kernel kept with its
                         first parameter set and its pallas_call / self.kernel harness rewritten as a plain
                         plgpu.kernel launch (pl.pallas_call no longer lowers for Mosaic GPU on 0.12).
The kernels cover TMA copies with barriers (grids, 2-D grids, cluster multicast), swizzle / tiling
transforms, WGMMA (SMEM and register operands, ACC.init, a K pipeline), barriers (arrival counts, barrier
arrays and slots), emit_pipeline and emit_pipeline_warp_specialized, producer / consumer threads with
set_max_registers, register layouts (WGMMA, WG_STRIDED, TCGEN05 loads, iota with layout_cast), reductions,
casts and elementwise ops, lax.fori_loop / while_loop / cond / switch in a kernel, compiler parameters, a
TMEM round trip, and five multi-device kernels under jax.shard_map (multimem_store, multimem_load_reduce,
semaphore_signal_multicast, remote_ref) over meshes of the host's CPU devices.
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for
CUDA, never compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld8).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of each,
sampled with a fixed seed (an operator for at most --max-per-op bases); edits anywhere in the file but the
docstring line. Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why:
OUT/famheld8_dropped.json.

The commands that built /work/famheld8-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld8.py /work/famheld8-out
  nice -n 15 python3 label.py /work/famheld8-out --jobs 1 --only famheld8 $PY
  cp /work/famheld8-out/labels.json /tmp/famheld8_stage1.json
  python3 build_famheld8.py /work/famheld8-out --keep /tmp/famheld8_stage1.json --per-base 6 --per-op 1
  nice -n 15 python3 label.py /work/famheld8-out --jobs 1 --only famheld8 $PY
  # One label depends on the warm worker's history (see OUT/README.md): relabel that file on its own.
  python3 -c "import json; p='/work/famheld8-out/labels.json'; L=json.load(open(p)); \\
      L.pop('famheld8/user/fraction_arrivals__swizzle_tiling.shape_tuple_minor_halved_2.py'); \\
      json.dump(L, open(p, 'w'), indent=1, sort_keys=True)"
  nice -n 15 python3 label.py /work/famheld8-out --jobs 1 --only fraction_arrivals__swizzle $PY
"""

from __future__ import annotations

import importlib

from famheld8_mutate import famheld8_mutants

_famheld = importlib.import_module("build_famheld")

# name -> source of each base after its first newline (2-space indents as in JAX's docs).
KERNELS_A: dict[str, str] = {
    "classmethod_tile_for_dtype": r'''
"""Copy a tile through swizzled SMEM and add one; the tile config is built by a classmethod per dtype."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class SmemTile:
  def __init__(self, rows, cols, dtype, swizzle):
    self.rows, self.cols, self.dtype, self.swizzle = rows, cols, dtype, swizzle

  @classmethod
  def for_dtype(cls, dtype, rows=64, swizzle=128):
    cols = swizzle // jnp.dtype(dtype).itemsize
    return cls(rows, cols, dtype, swizzle)

  def transforms(self):
    return (plgpu.TilingTransform((8, self.swizzle // jnp.dtype(self.dtype).itemsize)),
            plgpu.SwizzleTransform(self.swizzle))


TILE = SmemTile.for_dtype(jnp.float16)


def kernel(x_gmem, o_gmem, x_smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, bar)
  plgpu.barrier_wait(bar)
  x_smem[...] = x_smem[...] + jnp.asarray(1, TILE.dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def add_one(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((TILE.rows, TILE.cols), TILE.dtype),
      scratch_types=[plgpu.SMEM((TILE.rows, TILE.cols), TILE.dtype, transforms=TILE.transforms()),
                     plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(add_one)(jnp.zeros((TILE.rows, TILE.cols), TILE.dtype)).dtype)
''',
    "post_init_grid_rows": r'''
"""Row-blocked abs through SMEM; a dataclass's __post_init__ derives the grid from the problem size."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass
class RowPlan:
  rows: int = 512
  cols: int = 128
  block_rows: int = 64
  blocks: int = dataclasses.field(init=False)

  def __post_init__(self):
    self.blocks = self.rows // self.block_rows


PLAN = RowPlan()


def kernel(x_gmem, o_gmem, buf, bar):
  rows = pl.ds(lax.axis_index("blk") * PLAN.block_rows, PLAN.block_rows)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], buf, bar)
  plgpu.barrier_wait(bar)
  buf[...] = jnp.abs(buf[...])
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


absolute = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((PLAN.rows, PLAN.cols), jnp.float32),
    scratch_types=[plgpu.SMEM((PLAN.block_rows, PLAN.cols), jnp.float32), plgpu.Barrier()],
    grid=(PLAN.blocks,),
    grid_names=("blk",),
)

if __name__ == "__main__":
  print(jax.jit(absolute)(-jnp.ones((PLAN.rows, PLAN.cols), jnp.float32)).sum())
''',
    "getitem_config_wgmma": r'''
"""A single WGMMA tile whose sizes are read from a config object that implements __getitem__."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Config:
  _values = {"m": 64, "n": 128, "k": 64, "swizzle": 128}

  def __getitem__(self, key):
    return self._values[key]


CFG = Config()
DT = jnp.float16


def smem_t():
  return (plgpu.TilingTransform((8, CFG["swizzle"] // 2)), plgpu.SwizzleTransform(CFG["swizzle"]))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bars):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bars.at[0])
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bars.at[1])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((CFG["m"], CFG["n"]), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((CFG["m"], CFG["n"]), jnp.float32),
      scratch_types=[plgpu.SMEM((CFG["m"], CFG["k"]), DT, transforms=smem_t()),
                     plgpu.SMEM((CFG["k"], CFG["n"]), DT, transforms=smem_t()),
                     plgpu.Barrier(num_barriers=2)],
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((CFG["m"], CFG["k"]), DT)
  b = jnp.ones((CFG["k"], CFG["n"]), DT)
  print(jax.jit(matmul)(a, b).sum())
''',
    "getattr_namespace_pipeline": r'''
"""A pipelined scale over column blocks; the options object falls back to defaults in __getattr__."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Options:
  _defaults = {"block_rows": 64, "block_cols": 64, "stages": 2, "steps": 4, "factor": 3.0}

  def __init__(self, **overrides):
    self._overrides = overrides

  def __getattr__(self, name):
    if name in self._overrides:
      return self._overrides[name]
    return self._defaults[name]


OPTS = Options(stages=3)


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec((OPTS.block_rows, OPTS.block_cols), lambda j: (0, j))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * OPTS.factor

  plgpu.emit_pipeline(body, grid=(OPTS.steps,), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=OPTS.stages)(x_gmem, o_gmem)


def scale(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  x = jnp.ones((OPTS.block_rows, OPTS.steps * OPTS.block_cols), jnp.float32)
  print(jax.jit(scale)(x).sum())
''',
    "callable_factory_threads": r'''
"""Producer / consumer warpgroups built by a callable factory object; registers set per role."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class RoleKernel:
  def __init__(self, shape, producer_regs=40, consumer_regs=232):
    self.shape = shape
    self.producer_regs = producer_regs
    self.consumer_regs = consumer_regs

  def body(self, x_gmem, o_gmem, smem, loaded, ready):
    role = lax.axis_index("role")

    @pl.when(role == 0)
    def _produce():
      plgpu.set_max_registers(self.producer_regs, action="decrease")
      plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
      plgpu.barrier_wait(loaded)
      plgpu.barrier_arrive(ready)

    @pl.when(role == 1)
    def _consume():
      plgpu.set_max_registers(self.consumer_regs, action="increase")
      plgpu.barrier_wait(ready)
      smem[...] = smem[...] * 2.0
      plgpu.commit_smem()
      plgpu.copy_smem_to_gmem(smem, o_gmem)
      plgpu.wait_smem_to_gmem(0)

  def __call__(self, x):
    return plgpu.kernel(
        self.body,
        out_type=jax.ShapeDtypeStruct(self.shape, jnp.float32),
        scratch_types=[plgpu.SMEM(self.shape, jnp.float32), plgpu.Barrier(), plgpu.Barrier()],
        num_threads=2,
        thread_name="role",
    )(x)


double = RoleKernel((64, 128))

if __name__ == "__main__":
  print(jax.jit(double)(jnp.ones(double.shape, jnp.float32)).sum())
''',
    "super_init_swizzle_plan": r'''
"""Swizzled bf16 staging; a subclass calls super().__init__ with a narrower swizzle and its own tiling."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Staging:
  def __init__(self, rows, cols, swizzle, dtype=jnp.bfloat16):
    self.rows, self.cols, self.swizzle, self.dtype = rows, cols, swizzle, dtype
    self.minor = swizzle // jnp.dtype(dtype).itemsize


class NarrowStaging(Staging):
  def __init__(self, rows):
    super().__init__(rows, cols=32, swizzle=64)


STAGE = NarrowStaging(rows=128)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(2, STAGE.dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def run(x):
  transforms = (plgpu.TilingTransform((8, STAGE.minor)), plgpu.SwizzleTransform(STAGE.swizzle))
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((STAGE.rows, STAGE.cols), STAGE.dtype),
      scratch_types=[plgpu.SMEM((STAGE.rows, STAGE.cols), STAGE.dtype, transforms=transforms),
                     plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(run)(jnp.ones((STAGE.rows, STAGE.cols), STAGE.dtype)).shape)
''',
    "abc_reduction_rows": r'''
"""Row reductions behind an abstract base class; the concrete subclass picks sum and the layout."""
import abc

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class RowReducer(abc.ABC):
  rows = 128
  cols = 128

  @abc.abstractmethod
  def reduce(self, x):
    ...

  def layout(self):
    return plgpu.Layout.WGMMA


class RowSum(RowReducer):
  def reduce(self, x):
    return jnp.sum(x, axis=1)


REDUCER = RowSum()


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, REDUCER.layout())
  o_ref[...] = REDUCER.reduce(x)


row_sum = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((RowReducer.rows,), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(row_sum)(jnp.ones((RowReducer.rows, RowReducer.cols), jnp.float32))[:4])
''',
    "lru_cache_transforms": r'''
"""A TMA round trip of an f16 tile; the transforms come from an lru_cache'd function of the dtype."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 64)


@functools.lru_cache(maxsize=None)
def transforms_for(dtype_name, swizzle=128):
  elems = swizzle // jnp.dtype(dtype_name).itemsize
  return (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(swizzle))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = -smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def negate(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(SHAPE, x.dtype),
      scratch_types=[plgpu.SMEM(SHAPE, x.dtype, transforms=transforms_for(str(x.dtype))), plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(negate)(jnp.ones(SHAPE, jnp.float16)).dtype)
''',
    "cached_property_ws": r'''
"""A warp-specialized pipeline whose specs and thread count are functools.cached_property values."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class WsSetup:
  block = (64, 128)
  steps = 4
  stages = 2
  compute_wgs = 1

  @functools.cached_property
  def spec(self):
    return plgpu.BlockSpec(self.block, lambda i: (i, 0))

  @functools.cached_property
  def threads(self):
    return self.compute_wgs + 1


SETUP = WsSetup()


def kernel(x_gmem, o_gmem):
  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] + 1.0

  plgpu.emit_pipeline_warp_specialized(
      body, grid=(SETUP.steps,), in_specs=[SETUP.spec], out_specs=[SETUP.spec],
      max_concurrent_steps=SETUP.stages, num_compute_wgs=SETUP.compute_wgs,
      memory_registers=40, wg_axis="wg",
  )(x_gmem, o_gmem)


def inc(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=SETUP.threads, thread_name="wg")(x)


if __name__ == "__main__":
  print(jax.jit(inc)(jnp.zeros((SETUP.steps * SETUP.block[0], SETUP.block[1]), jnp.float32)).sum())
''',
    "dict_union_params": r'''
"""A tanh over a vector in blocks; compiler params are a base dict | an override dict."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BASE_PARAMS = {"approx_math": False, "lowering_semantics": plgpu.LoweringSemantics.Warpgroup}
FAST = {"approx_math": True}
PARAMS = BASE_PARAMS | FAST
LAUNCH = {"grid": (8,), "grid_names": ("i",)} | {"grid": (4,)}
N = 2048


def kernel(x_ref, o_ref):
  block = N // LAUNCH["grid"][0]
  win = pl.ds(lax.axis_index("i") * block, block)
  o_ref[win] = jnp.tanh(x_ref[win])


squash = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((N,), jnp.float32),
                      compiler_params=plgpu.CompilerParams(**PARAMS), **LAUNCH)

if __name__ == "__main__":
  print(jax.jit(squash)(jnp.ones((N,), jnp.float32))[:4])
''',
    "chainmap_cluster_multicast": r'''
"""A TMA load multicast to a cluster of two CTAs; the launch options are a collections.ChainMap."""
import collections

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

DEFAULTS = {"rows": 64, "cols": 128, "cluster": 2, "axis": "c"}
USER = {"rows": 32}
OPTS = collections.ChainMap(USER, DEFAULTS)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar, collective_axes=OPTS["axis"])
  plgpu.barrier_wait(bar)
  me = lax.axis_index(OPTS["axis"])
  half = OPTS["rows"] // OPTS["cluster"]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[pl.ds(me * half, half)], o_gmem.at[pl.ds(me * half, half)])
  plgpu.wait_smem_to_gmem(0)


bcast = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((OPTS["rows"], OPTS["cols"]), jnp.float32),
    scratch_types=[plgpu.SMEM((OPTS["rows"], OPTS["cols"]), jnp.float32), plgpu.Barrier()],
    grid=(OPTS["cluster"],),
    grid_names=("g",),
    cluster=(OPTS["cluster"],),
    cluster_names=(OPTS["axis"],),
)

if __name__ == "__main__":
  print(jax.jit(bcast)(jnp.ones((OPTS["rows"], OPTS["cols"]), jnp.float32)).sum())
''',
    "defaultdict_barrier_slices": r'''
"""Two inputs loaded into SMEM with one barrier each, the barrier slot for each name from a defaultdict."""
import collections
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

_next = itertools.count()
SLOT = collections.defaultdict(lambda: next(_next))
NAMES = ("lhs", "rhs")
SHAPE = (64, 64)


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bars):
  for name, src, dst in zip(NAMES, (a_gmem, b_gmem), (a_smem, b_smem)):
    plgpu.copy_gmem_to_smem(src, dst, bars.at[SLOT[name]])
  for name in NAMES:
    plgpu.barrier_wait(bars.at[SLOT[name]])
  a_smem[...] = jnp.maximum(a_smem[...], b_smem[...])
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(a_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def elementwise_max(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.SMEM(SHAPE, jnp.float32),
                     plgpu.Barrier(num_barriers=len(NAMES))],
  )(a, b)


if __name__ == "__main__":
  x = jnp.ones(SHAPE, jnp.float32)
  print(jax.jit(elementwise_max)(x, -x).sum())
''',
    "mappingproxy_layouts": r'''
"""A column-ramp fill in a chosen register layout, looked up in a read-only MappingProxyType table."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)
LAYOUTS = types.MappingProxyType({
    "mma": plgpu.Layout.WGMMA,
    "strided": plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
})
CHOICE = "mma"


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  ramp = plgpu.layout_cast(jax.lax.broadcasted_iota(jnp.float32, SHAPE, 1), LAYOUTS[CHOICE])
  o_ref[...] = load_as(x_ref, LAYOUTS[CHOICE]) + ramp


ramp_add = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(ramp_add)(jnp.zeros(SHAPE, jnp.float32))[0, :4])
''',
    "json_config_tma_grid": r'''
"""A 2-D blocked copy-and-square; the tile and grid come from a JSON string parsed at import."""
import json

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

CONFIG = json.loads('{"tile": [64, 64], "grid": [2, 2], "names": ["bi", "bj"], "dtype": "float32"}')
TM, TN = CONFIG["tile"]
DTYPE = jnp.dtype(CONFIG["dtype"])


def kernel(x_gmem, o_gmem, tile, bar):
  i, j = (lax.axis_index(n) for n in CONFIG["names"])
  win = (pl.ds(i * TM, TM), pl.ds(j * TN, TN))
  plgpu.copy_gmem_to_smem(x_gmem.at[win], tile, bar)
  plgpu.barrier_wait(bar)
  tile[...] = tile[...] * tile[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(tile, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((TM * CONFIG["grid"][0], TN * CONFIG["grid"][1]), DTYPE),
    scratch_types=[plgpu.SMEM((TM, TN), DTYPE), plgpu.Barrier()],
    grid=tuple(CONFIG["grid"]),
    grid_names=tuple(CONFIG["names"]),
)

if __name__ == "__main__":
  print(jax.jit(square)(jnp.ones((2 * TM, 2 * TN), DTYPE)).sum())
''',
    "environ_default_block": r'''
"""A blocked exp over a vector; the block size is an environment variable with a string default."""
import os

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK = int(os.environ.get("FH8_BLOCK", "256"))
SIZE = int(os.environ.get("FH8_SIZE", "4096"))


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("b") * BLOCK, BLOCK)
  o_ref[win] = jnp.exp(x_ref[win] - 1.0)


exp_shift = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32),
    grid=(SIZE // BLOCK,),
    grid_names=("b",),
)

if __name__ == "__main__":
  print(jax.jit(exp_shift)(jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "itemgetter_multimem_store": r'''
"""Device 0 pushes a constant tile to every peer with multimem_store; sizes read through operator.itemgetter."""
import operator

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SETTINGS = {"axis": "x", "devices": 2, "rows": 128, "cols": 128, "fill": 7}
AXIS, DEVICES = operator.itemgetter("axis", "devices")(SETTINGS)
SHAPE = operator.itemgetter("rows", "cols")(SETTINGS)


def kernel(y_ref, sem):
  @pl.when(lax.axis_index(AXIS) == 0)
  def _root():
    tile = plgpu.layout_cast(jnp.full(SHAPE, SETTINGS["fill"], jnp.int32), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, AXIS)

  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def push():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(push, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(fn().shape)
''',
    "sorted_key_stages": r'''
"""Pick the deepest pipeline that fits an SMEM budget with max(key=...); run it with emit_pipeline."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CANDIDATES = [
    {"stages": 2, "block": (64, 128)},
    {"stages": 3, "block": (32, 128)},
    {"stages": 4, "block": (128, 128)},
]
SMEM_BUDGET = 200 * 1024


def smem_bytes(c):
  return 3 * c["stages"] * c["block"][0] * c["block"][1] * 4


BEST = max((c for c in CANDIDATES if smem_bytes(c) <= SMEM_BUDGET), key=lambda c: c["stages"])
STEPS = 4


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BEST["block"], lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=BEST["stages"])(x_gmem, y_gmem, o_gmem)


def sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == "__main__":
  x = jnp.ones((STEPS * BEST["block"][0], BEST["block"][1]), jnp.float32)
  print(jax.jit(sub)(x, x).sum())
''',
    "walrus_fori_accumulate": r'''
"""Add a tile to itself k times with an unrolled lax.fori_loop; the trip count is bound by a walrus."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 128, 128
SLICES = (DEPTH := 4) * ROWS
UNROLL = DEPTH // 2


def kernel(x_ref, o_ref):
  x = x_ref[...]

  def step(i, acc):
    return acc + x

  o_ref[...] = lax.fori_loop(0, DEPTH, step, x, unroll=UNROLL)


total = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(total)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}

KERNELS_B: dict[str, str] = {
    "match_activation": r'''
"""An activation chosen by a match statement on its name; applied to a tile loaded from GMEM."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

ACTIVATION = "leaky"
SHAPE = (128, 128)


def activation(name):
  match name:
    case "relu":
      return lambda v: jnp.maximum(v, 0.0)
    case "leaky":
      return lambda v: jnp.where(v > 0.0, v, v * 0.125)
    case _:
      return lambda v: v


ACT = activation(ACTIVATION)


def kernel(x_ref, o_ref):
  o_ref[...] = ACT(x_ref[...])


act = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))

if __name__ == "__main__":
  print(jax.jit(act)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "lambda_table_while": r'''
"""A while_loop that halves a tile until a counter runs out; the step and bound live in a lambda table."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)
RULES = {
    "bound": lambda: 3,
    "step": lambda i, v: (i + 1, v * 0.5),
}


def kernel(x_ref, o_ref):
  def cond(carry):
    i, _ = carry
    return i < RULES["bound"]()

  def body(carry):
    return RULES["step"](*carry)

  _, v = lax.while_loop(cond, body, (jnp.int32(0), x_ref[...]))
  o_ref[...] = v


halve = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))

if __name__ == "__main__":
  print(jax.jit(halve)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "next_generator_swizzle": r'''
"""Find the widest swizzle whose row fits the tile with next(generator); stage an int32 tile with it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

DTYPE = jnp.int32
COLS = 32
ROWS = 64
SWIZZLE = next(s for s in (128, 64, 32) if s // jnp.dtype(DTYPE).itemsize <= COLS)
ELEMS = SWIZZLE // jnp.dtype(DTYPE).itemsize


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + 3
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def bump(x):
  t = (plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(SWIZZLE))
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
      scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=t), plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(bump)(jnp.zeros((ROWS, COLS), DTYPE)).sum())
''',
    "zip_strict_stores": r'''
"""Two outputs (sum and difference) stored by TMA, pairing buffers and outputs with zip(strict=True)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (64, 128)
OUTPUTS = ("sum", "diff")


def kernel(a_gmem, b_gmem, s_gmem, d_gmem, a_smem, b_smem, s_smem, d_smem, bars):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bars.at[0])
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bars.at[1])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])
  s_smem[...] = a_smem[...] + b_smem[...]
  d_smem[...] = a_smem[...] - b_smem[...]
  plgpu.commit_smem()
  for smem, gmem in zip((s_smem, d_smem), (s_gmem, d_gmem), strict=True):
    plgpu.copy_smem_to_gmem(smem, gmem)
  plgpu.wait_smem_to_gmem(0)


def sum_diff(a, b):
  return plgpu.kernel(
      kernel,
      out_type=tuple(jax.ShapeDtypeStruct(SHAPE, jnp.float32) for _ in OUTPUTS),
      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32) for _ in range(2 + len(OUTPUTS))]
      + [plgpu.Barrier(num_barriers=2)],
  )(a, b)


if __name__ == "__main__":
  x = jnp.ones(SHAPE, jnp.float32)
  print([o.sum() for o in jax.jit(sum_diff)(x, x)])
''',
    "divmod_grid_split": r'''
"""A 2-D grid from a flat block count by divmod; each program copies its tile through SMEM and halves it."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCKS = 8
COLS_PER_ROW = 4
GRID = divmod(BLOCKS, COLS_PER_ROW)[0], COLS_PER_ROW
TILE = (64, 32)


def kernel(x_gmem, o_gmem, buf, bar):
  r, c = lax.axis_index("r"), lax.axis_index("c")
  win = (pl.ds(r * TILE[0], TILE[0]), pl.ds(c * TILE[1], TILE[1]))
  plgpu.copy_gmem_to_smem(x_gmem.at[win], buf, bar)
  plgpu.barrier_wait(bar)
  buf[...] = buf[...] * 0.5
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


SHAPE = (GRID[0] * TILE[0], GRID[1] * TILE[1])
halve = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(TILE, jnp.float32), plgpu.Barrier()],
    grid=GRID,
    grid_names=("r", "c"),
)

if __name__ == "__main__":
  print(jax.jit(halve)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "int_string_load_reduce": r'''
"""An all-reduce of float32 tiles with multimem_load_reduce; width and sizes parsed from strings."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
RAW = "rows=64;cols=128;vec=4;op=add"
FIELDS = dict(item.split("=") for item in RAW.split(";"))
ROWS, COLS, VEC = int(FIELDS["rows"]), int(FIELDS["cols"]), int(FIELDS["vec"])
AXIS = "x"


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=AXIS, reduction_op=FIELDS["op"]),
      plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=VEC),
  )
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((2,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((2 * ROWS, COLS), jnp.float32)).shape)
''',
    "format_axis_signal": r'''
"""A device barrier by semaphore_signal_multicast; the mesh axis name is built with str.format."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS_TEMPLATE = "{kind}{index}"
AXIS = AXIS_TEMPLATE.format(kind="gpu", index=0)
DEVICES = 2


def kernel(x_ref, o_ref, sem):
  o_ref[...] = x_ref[...] * 2.0
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXIS)
  pl.semaphore_wait(sem, DEVICES)


def sync_double(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(sync_double, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((DEVICES * 128, 128), jnp.float32)).shape)
''',
    "percent_format_remote": r'''
"""A neighbour exchange through remote_ref; the axis name is %-formatted and the peer via lax.rem."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS = "%s_%d" % ("ring", 0)
SIZE = 2
SHARD = (128, 64)


def kernel(x_ref, y_ref, sem):
  nxt = lax.rem(lax.axis_index(AXIS) + 1, SIZE)
  plgpu.remote_ref(y_ref, nxt)[...] = x_ref[...] + 1.0
  pl.semaphore_signal(sem, 1, device_id=nxt)
  pl.semaphore_wait(sem)


def exchange(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHARD, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((SIZE,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(exchange, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((SIZE * SHARD[0], SHARD[1]), jnp.float32)).shape)
''',
    "negative_index_wgmma_pipeline": r'''
"""A K-pipelined WGMMA matmul; tile sizes are read from a tuple by negative indices and slices."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SIZES = (1, 64, 128, 64)   # (batch, m, n, k-tile)
TM, TN, TK = SIZES[1:]
K_STEPS = 2
DT = jnp.float16


def swz():
  return (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, o_gmem):
  def scope(acc):
    def body(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(0)

    plgpu.emit_pipeline(
        body,
        grid=(K_STEPS,),
        in_specs=[plgpu.BlockSpec((TM, SIZES[-1]), lambda k: (0, k), transforms=swz()),
                  plgpu.BlockSpec((SIZES[-1], TN), lambda k: (k, 0), transforms=swz())],
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
    "bisect_block_choice": r'''
"""Pick a block size from sorted thresholds with bisect; a 1-D blocked sigmoid over a vector."""
import bisect

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

THRESHOLDS = [1024, 4096, 16384]
BLOCKS = [128, 256, 512, 1024]
N = 4096
BLOCK = BLOCKS[bisect.bisect_left(THRESHOLDS, N)]


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("i") * BLOCK, BLOCK)
  o_ref[win] = jax.nn.sigmoid(x_ref[win])


sigmoid = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((N,), jnp.float32),
                       grid=(N // BLOCK,), grid_names=("i",))

if __name__ == "__main__":
  print(jax.jit(sigmoid)(jnp.zeros((N,), jnp.float32))[:4])
''',
    "fraction_arrivals": r'''
"""Consumers arrive on a shared barrier; its arrival count is a fractions.Fraction of the thread count."""
import fractions

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

THREADS = 3
CONSUMER_SHARE = fractions.Fraction(2, 3)
ARRIVALS = int(THREADS * CONSUMER_SHARE)
SHAPE = (64, 128)


def kernel(x_gmem, o_gmem, smem, loaded, done):
  t = lax.axis_index("t")

  @pl.when(t == 0)
  def _load():
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_wait(done)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)

  @pl.when(t > 0)
  def _arrive():
    plgpu.barrier_arrive(done)


copy = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(),
                   plgpu.Barrier(num_arrivals=ARRIVALS)],
    num_threads=THREADS,
    thread_name="t",
)

if __name__ == "__main__":
  print(jax.jit(copy)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "flag_features_params": r'''
"""Kernel features as an enum.Flag; the compiler params and the math follow the chosen flags."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Feature(enum.Flag):
  NONE = 0
  APPROX = enum.auto()
  WARPGROUP = enum.auto()


FEATURES = Feature.APPROX | Feature.WARPGROUP
SEMANTICS = (plgpu.LoweringSemantics.Warpgroup if Feature.WARPGROUP in FEATURES
             else plgpu.LoweringSemantics.Lane)
SHAPE = (128, 128)


def kernel(x_ref, o_ref):
  x = x_ref[...]
  o_ref[...] = jnp.exp(x) / (1.0 + jnp.exp(x))


logistic = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    compiler_params=plgpu.CompilerParams(approx_math=Feature.APPROX in FEATURES,
                                         lowering_semantics=SEMANTICS),
)

if __name__ == "__main__":
  print(jax.jit(logistic)(jnp.zeros(SHAPE, jnp.float32))[0, :4])
''',
    "default_factory_grid": r'''
"""A cluster-less 1-D grid of TMA row copies; grid names and scratch come from field(default_factory=...)."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass
class Launch:
  rows: int = 64
  cols: int = 128
  programs: int = 4
  names: tuple = dataclasses.field(default_factory=lambda: ("prog",))
  extra_scratch: list = dataclasses.field(default_factory=list)


L = Launch()


def kernel(x_gmem, o_gmem, smem, bar):
  win = pl.ds(lax.axis_index(L.names[0]) * L.rows, L.rows)
  plgpu.copy_gmem_to_smem(x_gmem.at[win], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + 2.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


add_two = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((L.programs * L.rows, L.cols), jnp.float32),
    scratch_types=[plgpu.SMEM((L.rows, L.cols), jnp.float32), plgpu.Barrier(), *L.extra_scratch],
    grid=(L.programs,),
    grid_names=L.names,
)

if __name__ == "__main__":
  print(jax.jit(add_two)(jnp.ones((L.programs * L.rows, L.cols), jnp.float32)).sum())
''',
    "literal_dtype_table": r'''
"""Cast a tile to a narrower output dtype chosen from a typing.Literal-keyed table."""
from typing import Literal

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

Precision = Literal["half", "bf16", "full"]
OUT_DTYPES: dict[Precision, object] = {"half": jnp.float16, "bf16": jnp.bfloat16, "full": jnp.float32}
PRECISION: Precision = "bf16"
SHAPE = (128, 128)


def kernel(x_ref, o_ref):
  o_ref[...] = (x_ref[...] * 0.5).astype(OUT_DTYPES[PRECISION])


narrow = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, OUT_DTYPES[PRECISION]))

if __name__ == "__main__":
  print(jax.jit(narrow)(jnp.ones(SHAPE, jnp.float32)).dtype)
''',
    "loop_capture_switch": r'''
"""A lax.switch over scale branches made in a loop; each nested function binds its loop value by default."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

FACTORS = (1.0, 2.0, 4.0)
SIZE = 256


def make_branches():
  branches = []
  for f in FACTORS:
    def branch(v, f=f):
      return v * f
    branches.append(branch)
  return branches


def kernel(sel_ref, x_ref, o_ref):
  o_ref[...] = lax.switch(sel_ref[0], make_branches(), x_ref[...])


scale = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(scale)(jnp.array([2], jnp.int32), jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "module_if_tcgen05_tmem": r'''
"""A TMEM round trip on Blackwell; a module-level if on a constant picks the accumulator width."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

WIDE = False
if WIDE:
  ACC_COLS = 256
else:
  ACC_COLS = 128
ACC_ROWS = 128


TRANSFORMS = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


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
    out_type=jax.ShapeDtypeStruct((ACC_ROWS, ACC_COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ACC_ROWS, ACC_COLS), jnp.float32, transforms=TRANSFORMS),
                   plgpu.TMEM((ACC_ROWS, ACC_COLS), jnp.float32), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(double)(jnp.ones((ACC_ROWS, ACC_COLS), jnp.float32)).sum())
''',
}

KERNELS_C: dict[str, str] = {
    "try_except_fallback_cond": r'''
"""A lax.cond between two scalings on a flag read from GMEM; the threshold falls back in try/except."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

USER_SETTINGS = {"gain": "2.5"}
try:
  GAIN = float(USER_SETTINGS["gain"])
except (KeyError, ValueError):
  GAIN = 1.0
try:
  SIZE = int(USER_SETTINGS["size"])
except KeyError:
  SIZE = 512


def kernel(flag_ref, x_ref, o_ref):
  x = x_ref[...]
  o_ref[...] = lax.cond(flag_ref[0] > 0, lambda v: v * GAIN, lambda v: v, x)


gain = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))

if __name__ == "__main__":
  print(jax.jit(gain)(jnp.array([1], jnp.int32), jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "global_rebind_tiles": r'''
"""A blocked ReLU over rows; a configure() function rebinds the module's tile globals before launch."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE_ROWS = 32
TILE_COLS = 128


def configure(rows, cols):
  global TILE_ROWS, TILE_COLS
  TILE_ROWS, TILE_COLS = rows, cols


def kernel(x_gmem, o_gmem, buf, bar):
  rows = pl.ds(lax.axis_index("r") * TILE_ROWS, TILE_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], buf, bar)
  plgpu.barrier_wait(bar)
  buf[...] = jnp.maximum(buf[...], 0.0)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(buf, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


def relu(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SMEM((TILE_ROWS, TILE_COLS), x.dtype), plgpu.Barrier()],
      grid=(x.shape[0] // TILE_ROWS,),
      grid_names=("r",),
  )(x)


if __name__ == "__main__":
  configure(64, 128)
  print(jax.jit(relu)(jnp.ones((256, TILE_COLS), jnp.float32)).sum())
''',
    "enum_registry_staticmethod": r'''
"""Reductions registered in a class-level dict keyed by an Enum; a staticmethod picks the register layout."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Reduce(enum.Enum):
  SUM = "sum"
  MAX = "max"


class Reductions:
  TABLE = {Reduce.SUM: jnp.sum, Reduce.MAX: jnp.max}

  @staticmethod
  def layout():
    return plgpu.Layout.WGMMA

  @classmethod
  def apply(cls, which, x):
    return cls.TABLE[which](x, axis=1)


WHICH = Reduce.MAX
SHAPE = (128, 64)


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, Reductions.layout())
  o_ref[...] = Reductions.apply(WHICH, x)


row_reduce = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE[:1], jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(row_reduce)(jnp.ones(SHAPE, jnp.float32))[:4])
''',
    "context_manager_scope": r'''
"""A TMA copy whose SMEM shape is pushed by a hand-written context manager (__enter__ / __exit__)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

_SHAPES = [(64, 64)]


class tile_shape:
  def __init__(self, shape):
    self.shape = shape

  def __enter__(self):
    _SHAPES.append(self.shape)
    return self.shape

  def __exit__(self, *exc):
    _SHAPES.pop()
    return False


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] - 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def dec(x):
  shape = _SHAPES[-1]
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, jnp.float32),
                      scratch_types=[plgpu.SMEM(shape, jnp.float32), plgpu.Barrier()])(x)


if __name__ == "__main__":
  with tile_shape((128, 128)) as shape:
    print(jax.jit(dec)(jnp.ones(shape, jnp.float32)).sum())
''',
    "attrgetter_ws_range": r'''
"""A warp-specialized add of two inputs with two compute warpgroups; counts by attrgetter and range()."""
import operator
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CFG = types.SimpleNamespace(compute=2, stages=2, steps=4, block=(128, 64), regs=40)
COMPUTE, STAGES = operator.attrgetter("compute", "stages")(CFG)
WG_IDS = range(COMPUTE + 1)


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(CFG.block, lambda i: (0, i))

  def body(_, x_smem, y_smem, o_gmem_block):
    o_gmem_block[...] = x_smem[...] + y_smem[...]

  plgpu.emit_pipeline_warp_specialized(
      body, grid=(CFG.steps,), in_specs=[spec, spec],
      out_specs=[plgpu.BlockSpec(CFG.block, lambda i: (0, i), memory_space=plgpu.GMEM)],
      max_concurrent_steps=STAGES, num_compute_wgs=COMPUTE, memory_registers=CFG.regs,
      wg_axis="wg",
  )(x_gmem, y_gmem, o_gmem)


def add(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=len(WG_IDS), thread_name="wg")(x, y)


if __name__ == "__main__":
  x = jnp.ones((CFG.block[0], CFG.steps * CFG.block[1]), jnp.float32)
  print(jax.jit(add)(x, x).sum())
''',
}

# Adapted from tests/pallas/mosaic_gpu_test.py at the mirror's HEAD (test names in each docstring): the
# test's kernel kept, its pallas_call / self.kernel harness rewritten as a plain plgpu.kernel launch with
# the test's first parameter set, and a __main__ driver added.
KERNELS_JAX: dict[str, str] = {
    "jax_tma_load_multicast": r'''
"""mosaic_gpu_test.py test_tma_load_multicast (collective 'x' of 2, non-collective 'y' of 2): cluster TMA."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

collective_dims = ("x",)
noncollective_dims = ("y",)
dtype = jnp.float16
cluster = [2, 2, 1]
collective_size = math.prod(cluster["xyz".index(d)] for d in collective_dims)
noncollective_size = math.prod(cluster) // collective_size
swizzle = 128
swizzle_elems = swizzle // jnp.dtype(dtype).itemsize
transforms = (plgpu.TilingTransform((8, swizzle_elems)), plgpu.SwizzleTransform(swizzle))
shape = (noncollective_size, collective_size * 8, swizzle_elems)


def body(x_gmem, out_gmem, smem, tma_barrier):
  def cluster_id(axes):
    idx, stride = 0, 1
    for d in sorted(axes):
      idx += lax.axis_index(d) * stride
      stride *= lax.axis_size(d)
    return idx

  noncollective_idx = cluster_id(noncollective_dims)
  collective_idx = cluster_id(collective_dims)
  plgpu.copy_gmem_to_smem(x_gmem.at[noncollective_idx], smem, tma_barrier,
                          collective_axes=collective_dims)
  plgpu.barrier_wait(tma_barrier)
  plgpu.commit_smem()
  collective_slice = pl.ds(8 * collective_idx, 8)
  plgpu.copy_smem_to_gmem(smem.at[collective_slice], out_gmem.at[noncollective_idx, collective_slice, :])
  plgpu.wait_smem_to_gmem(0)


kernel = plgpu.kernel(
    body,
    grid=cluster,
    grid_names=("grid_x", "grid_y", "grid_z"),
    cluster=cluster,
    cluster_names=("x", "y", "z"),
    out_type=jax.ShapeDtypeStruct(shape, dtype),
    scratch_types=(plgpu.SMEM(shape[1:], dtype, transforms=transforms), plgpu.Barrier()),
)

if __name__ == "__main__":
  x = jnp.arange(math.prod(shape), dtype=dtype).reshape(shape)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_wgmma_registers_init": r'''
"""mosaic_gpu_test.py test_wgmma_registers_init: LHS from registers, accumulator ACC.init from an input."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def kernel(a_gmem, b_gmem, i_gmem, o_gmem, a_ref, b_ref, i_ref, bars):
  for k, (src, dst) in enumerate(((a_gmem, a_ref), (b_gmem, b_ref), (i_gmem, i_ref))):
    plgpu.copy_gmem_to_smem(src, dst, bars.at[k])
  for k in range(3):
    plgpu.barrier_wait(bars.at[k])

  def scope(acc_ref):
    plgpu.wgmma(acc_ref, a_ref[...], b_ref)

  i_ref[...] = pl.run_state(scope)(plgpu.ACC.init(i_ref[...]))
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(i_ref, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def run(a, b, i):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((64, 192), jnp.float16),
      scratch_types=[plgpu.SMEM((64, 128), jnp.float16, transforms=transforms),
                     plgpu.SMEM((128, 192), jnp.float16, transforms=transforms),
                     plgpu.SMEM((64, 192), jnp.float16, transforms=transforms),
                     plgpu.Barrier(num_barriers=3)],
  )(a, b, i)


if __name__ == "__main__":
  key1, key2, key3 = jax.random.split(jax.random.key(42), 3)
  a = jax.random.uniform(key1, shape=(64, 128), dtype=jnp.float16)
  b = jax.random.uniform(key2, shape=(128, 192), dtype=jnp.float16)
  i = jax.random.uniform(key3, shape=(64, 192), dtype=jnp.float16) * 10
  print(jax.jit(run)(a, b, i).shape)
''',
    "jax_fori_loop_accumulator": r'''
"""mosaic_gpu_test.py test_fori_loop_accumulator (force_while=False): fori_loop over an ACC.init value."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def kernel(i_gmem, o_gmem, i_ref, bar):
  plgpu.copy_gmem_to_smem(i_gmem, i_ref, bar)
  plgpu.barrier_wait(bar)

  def scope(acc_ref):
    return jax.lax.fori_loop(0, 4, lambda _, v: v + acc_ref[...], acc_ref[...])

  i_ref[...] = pl.run_state(scope)(plgpu.ACC.init(i_ref[...]))
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(i_ref, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def run(acc_ini):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((64, 64), jnp.float16),
      scratch_types=[plgpu.SMEM((64, 64), jnp.float16, transforms=transforms), plgpu.Barrier()],
  )(acc_ini)


if __name__ == "__main__":
  print(jax.jit(run)(jnp.ones((64, 64), dtype=jnp.float16)).shape)
''',
    "jax_swizzled_dynamic_slice": r'''
"""mosaic_gpu_test.py test_swizzled_dimension_dynamic_slice: a dynamic slice of a swizzled int32 SMEM ref."""
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

shape = (64, 64)
dtype = jnp.int32
swizzle = 128
swizzle_elems = swizzle // jnp.dtype(dtype).itemsize
transforms = (plgpu.TilingTransform((8, swizzle_elems)), plgpu.SwizzleTransform(swizzle))


def kernel(src_gmem, offset_ref, dst_ref, src_ref, bar):
  plgpu.copy_gmem_to_smem(src_gmem, src_ref, bar)
  plgpu.barrier_wait(bar)
  dyn_idx = offset_ref[0] * swizzle_elems
  sliced_ref = src_ref.at[:, pl.ds(dyn_idx, swizzle_elems)]
  dst_ref[...] = sliced_ref[...]


run = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((64, swizzle_elems), dtype),
    scratch_types=[plgpu.SMEM(shape, dtype, transforms=transforms), plgpu.Barrier()],
)

if __name__ == "__main__":
  src = jnp.arange(math.prod(shape), dtype=dtype).reshape(shape)
  print(jax.jit(run)(src, jnp.array([1], jnp.int32)).shape)
''',
    "jax_reduce_with_layout": r'''
"""mosaic_gpu_test.py test_reduce_with_layout (WGMMA, jnp.max, float32): a row reduction of loaded values."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

layout = plgpu.Layout.WGMMA
op = jnp.max
dtype = jnp.float32
axis = -1


@functools.partial(plgpu.kernel, out_type=jax.ShapeDtypeStruct((128,), dtype))
def kernel(x_ref, y_ref):
  try:
    x_val = plgpu.load(x_ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    x_val = plgpu.load(x_ref, (), layout=layout, optimized=False)
  y_ref[...] = op(x_val, axis=axis)


if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 128), dtype=dtype)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_add_one_grid_pipelined": r'''
"""mosaic_gpu_test.py test_add_one_grid_pipelined (max_concurrent_steps=2), over plgpu.emit_pipeline."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

max_concurrent_steps = 2


def kernel(x_gmem, o_gmem):
  def body(_, x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

  plgpu.emit_pipeline(
      body,
      grid=(2, 4),
      in_specs=[plgpu.BlockSpec((128, 16), lambda i, j: (i, j))],
      out_specs=[plgpu.BlockSpec((128, 16), lambda i, j: (i, j))],
      max_concurrent_steps=max_concurrent_steps,
  )(x_gmem, o_gmem)


run = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct([128 * 2, 64], jnp.float32))

if __name__ == "__main__":
  x = jnp.arange(128 * 2 * 64).reshape((128 * 2, 64)).astype(jnp.float32)
  print(jax.jit(run)(x).shape)
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
    _famheld.capped_mutation_cli(__doc__, "famheld8", bases(), famheld8_mutants, seed=2038)


if __name__ == "__main__":
    main()
