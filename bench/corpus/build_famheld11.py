"""Build the eleventh held-out families corpus `famheld11` (issue 27), written blind: user-style Mosaic GPU
kernels written for this set (no earlier set, `families`, `famheld` ... `famheld10`, used them), ten bases
adapted from JAX's own tests that no earlier set took, and one-edit mutants of them by famheld11_mutate.py
(operators written from JAX's own checks, blind to the checker).

usage: build_famheld11.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld11/user/NAME.py  the kernels in KERNELS below, written for this set (2- and 4-space indents). What is new
                          against famheld3 ... famheld10 is the Python that carries the values the kernel depends
                          on: a metaclass __getattr__ deriving class attributes, a types.ModuleType subclass with
                          __getattr__ defaults, contextvars.ContextVar set inside copy_context().run,
                          xml.etree.ElementTree attributes, urllib.parse.parse_qs, a sqlite3 in-memory table,
                          graphlib.TopologicalSorter.static_order, getopt.getopt of an argv list, a custom
                          exception carrying its payload, a collections.abc.Mapping unpacked with **,
                          dataclasses.fields() metadata, the functional Enum API (enum.Enum("Name", pairs)),
                          Enum aliases read through __members__, Enum._generate_next_value_, decimal.Decimal
                          quantize, complex numbers as (offset, size) pairs, operator.index over __index__,
                          __add__ / __radd__ with sum(), for / else, recursion, itertools.takewhile, exec of a
                          settings text into a namespace, bytes.fromhex with int.from_bytes, pickle round trips
                          with __getstate__ / __setstate__, vars(obj).update, an iterator class's __next__ /
                          StopIteration, fnmatch rules and array.array.
  famheld11/jax/NAME.py   ten kernels of tests/pallas/mosaic_gpu_test.py (the mirror's HEAD) that no earlier set
                          took as a base (PallasCallTCGen05Test.test_tmem_allocation_estimation,
                          test_tmem_ref_aliasing, test_tmem_ref_union_multi_allocation,
                          test_tmem_store_load_collective (TCGEN05_M64_COLLECTIVE(160)),
                          test_simple_collective_matmul ((256, 256, 256), 128, float16, lhs_tmem=False),
                          test_matmul_with_tmem_aliasing and test_matmul_with_smem_aliasing (128, float16),
                          test_tmem_alloc_within_warp_map; PallasCallTest.test_cond_get_arch and
                          PallasCallWGTest's test_griddepcontrol_multi_kernel), the test's kernel kept with its
                          first parameter set and its self.kernel harness rewritten as a plain plgpu.kernel launch
                          under the test class's semantics (Lane; Warpgroup for the WG twin). Host adaptations,
                          each commented where it is made: plgpu.load's index on 0.10.2 (a try/except), f16 /
                          bf16 / uint16 register results stored through SMEM and a TMA store (0.12.0.1 cannot
                          store them straight to GMEM), ref.T for plgpu.transpose_ref, default_transforms written
                          out, and the PTX / mock checks dropped (the kernels are only lowered). Tried and left
                          out: test_griddepcontrol_warp_mesh (0.10.2 has no warp-level griddepcontrol lowering)
                          and test_tmem_batch_dimension_indexing (0.10.2 refuses its packing of 4).
The kernels cover TMA copies with barriers (row windows, 2-D grids, grouped stores, cluster multicast, barrier
arrays), swizzle / tiling transforms, WGMMA (a single tile and a K pipeline), barriers (arrival counts, barrier
arrays, ClusterBarrier, tensor-core barriers), emit_pipeline (plgpu.BlockSpec and pl.BlockSpec, 1-D and 2-D
grids) and emit_pipeline_warp_specialized, producer / consumer threads with set_max_registers and num_threads /
thread_name given by ** of a Mapping, register layouts (WGMMA, WG_STRIDED with iota and layout_cast, TCGEN05,
reductions), vector widths, lax.fori_loop / cond in a kernel, compiler parameters (lowering semantics,
approx_math, another platform's params), TMEM round trips, RefUnions of TMEM and SMEM, packed and collective
TMEM, tcgen05 MMA (single CTA and paired-CTA collective), SMEM -> TMEM copies under warp_map, griddepcontrol,
and four multi-device kernels under jax.shard_map (multimem_store, multimem_load_reduce with f32 add and int32
min, semaphore_signal_multicast over a 2x2 mesh) over meshes of the host's CPU devices.
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for
CUDA, never compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld11).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of each,
sampled with a fixed seed (an operator for at most --max-per-op bases; build_famheld.capped_mutation_cli);
edits anywhere in the file but the docstring line. Nothing here decides whether a mutant fails: label.py
lowers it. Dropped bases and why: OUT/famheld11_dropped.json.

The commands that built /work/famheld11-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld11.py /work/famheld11-out
  nice -n 15 python3 label.py /work/famheld11-out --jobs 1 --only famheld11 $PY
  cp /work/famheld11-out/labels.json /tmp/famheld11_stage1.json
  python3 build_famheld11.py /work/famheld11-out --keep /tmp/famheld11_stage1.json --per-base 6 --per-op 1
  nice -n 15 python3 label.py /work/famheld11-out --jobs 1 --only famheld11 $PY
"""

from __future__ import annotations

import importlib

from famheld11_mutate import famheld11_mutants

_famheld = importlib.import_module("build_famheld")

KERNELS_A: dict[str, str] = {
    "metaclass_getattr_swizzle": r'''
"""A swizzled f16 TMA round trip; missing tile attributes are derived on the class by a metaclass __getattr__."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Derived(type):
  def __getattr__(cls, name):
    if name == "ELEMS":
      return cls.SWIZZLE // jnp.dtype(cls.DTYPE).itemsize
    if name == "SHAPE":
      return (cls.ROWS, cls.COLS)
    raise AttributeError(name)


class Tile(metaclass=Derived):
  ROWS = 128
  COLS = 64
  SWIZZLE = 128
  DTYPE = jnp.float16


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(2, Tile.DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


TRANSFORMS = (plgpu.TilingTransform((8, Tile.ELEMS)), plgpu.SwizzleTransform(Tile.SWIZZLE))
double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(Tile.SHAPE, Tile.DTYPE),
    scratch_types=[plgpu.SMEM(Tile.SHAPE, Tile.DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(double)(jnp.ones(Tile.SHAPE, Tile.DTYPE)).sum())
''',
    "module_getattr_multimem": r'''
"""Device 0 broadcasts a tile with multimem_store; settings live in a module object whose __getattr__ fills gaps."""
import types

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Settings(types.ModuleType):
  DEFAULTS = {"axis": "peer", "devices": 2, "rows": 128, "cols": 128, "dtype": jnp.float32}

  def __getattr__(self, name):
    try:
      return self.DEFAULTS[name]
    except KeyError:
      raise AttributeError(name) from None


cfg = Settings("cfg")
cfg.cols = 64
SHAPE = (cfg.rows, cfg.cols)


def kernel(y_ref, sem):
  me = lax.axis_index(cfg.axis)

  @pl.when(me == 0)
  def _root():
    tile = plgpu.layout_cast(jnp.full(SHAPE, 1.5, cfg.dtype), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, (cfg.axis,))

  pl.semaphore_signal(sem, 1, device_id=1 - me)
  pl.semaphore_wait(sem)


def broadcast():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, cfg.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == "__main__":
  mesh = jax.make_mesh((cfg.devices,), (cfg.axis,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(broadcast, mesh=mesh, in_specs=(), out_specs=P(cfg.axis), check_vma=False))
  print(fn().shape)
''',
    "contextvar_semantics": r'''
"""A blocked exp of a vector; the lowering semantics and approx_math are read from contextvars set in a context run."""
import contextvars

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SEMANTICS = contextvars.ContextVar("semantics", default="Lane")
APPROX = contextvars.ContextVar("approx", default=False)
N, BLOCK = 2048, 256


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("b") * BLOCK, BLOCK)
  o_ref[win] = jnp.exp(x_ref[win]) * 0.5


def build():
  params = plgpu.CompilerParams(
      approx_math=APPROX.get(),
      lowering_semantics=getattr(plgpu.LoweringSemantics, SEMANTICS.get()),
  )
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((N,), jnp.float32), grid=(N // BLOCK,),
                      grid_names=("b",), compiler_params=params)


def tuned():
  SEMANTICS.set("Warpgroup")
  APPROX.set(True)
  return build()


half_exp = contextvars.copy_context().run(tuned)

if __name__ == "__main__":
  print(jax.jit(half_exp)(jnp.zeros((N,), jnp.float32))[:4])
''',
    "elementtree_pipeline": r'''
"""A 2-D emit_pipeline with pl.BlockSpec; block, grid and depth are attributes of an XML element tree."""
import xml.etree.ElementTree as ET

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

PLAN = ET.fromstring("""
<pipeline depth="2">
  <block rows="64" cols="128"/>
  <grid rows="2" cols="3"/>
</pipeline>
""")
BLOCK = tuple(int(PLAN.find("block").get(k)) for k in ("rows", "cols"))
GRID = tuple(int(PLAN.find("grid").get(k)) for k in ("rows", "cols"))
DEPTH = int(PLAN.get("depth"))


def kernel(x_gmem, y_gmem, o_gmem):
  spec = pl.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...] + 1.0

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def fma(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == "__main__":
  x = jnp.ones((GRID[0] * BLOCK[0], GRID[1] * BLOCK[1]), jnp.float32)
  print(jax.jit(fma)(x, x).sum())
''',
    "parse_qs_grid": r'''
"""A 2-D grid of TMA tiles scaled in SMEM; tile, grid and axis names are a URL query string read by parse_qs."""
import urllib.parse

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

QUERY = urllib.parse.parse_qs("tile=64&tile=128&grid=2&grid=2&axis=row&axis=col")
TILE = tuple(map(int, QUERY["tile"]))
GRID = tuple(map(int, QUERY["grid"]))
AXES = tuple(QUERY["axis"])
SHAPE = (TILE[0] * GRID[0], TILE[1] * GRID[1])


def kernel(x_gmem, o_gmem, tile, bar):
  r, c = (lax.axis_index(a) for a in AXES)
  win = (pl.ds(r * TILE[0], TILE[0]), pl.ds(c * TILE[1], TILE[1]))
  plgpu.copy_gmem_to_smem(x_gmem.at[win], tile, bar)
  plgpu.barrier_wait(bar)
  tile[...] = tile[...] * 4.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(tile, o_gmem.at[win])
  plgpu.wait_smem_to_gmem(0)


quad = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(TILE, jnp.float32), plgpu.Barrier()],
    grid=GRID,
    grid_names=AXES,
)

if __name__ == "__main__":
  print(jax.jit(quad)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "sqlite_wgmma_tile": r'''
"""A single WGMMA tile; its shape, swizzle and dtype are the row a sqlite3 in-memory table returns for a query."""
import sqlite3

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

DB = sqlite3.connect(":memory:")
DB.execute("CREATE TABLE tiles (name TEXT, m INT, n INT, k INT, swizzle INT, dtype TEXT)")
DB.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?, ?, ?)", [
    ("small", 64, 64, 64, 128, "float16"),
    ("wide", 64, 128, 64, 128, "bfloat16"),
])
M, N, K, SWIZZLE, DTYPE = DB.execute(
    "SELECT m, n, k, swizzle, dtype FROM tiles WHERE name = ?", ("wide",)).fetchone()
DT = jnp.dtype(DTYPE)
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // DT.itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bar)
  plgpu.barrier_wait(bar)

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    plgpu.wgmma_wait(0)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
      scratch_types=[plgpu.SMEM((M, K), DT, transforms=TRANSFORMS),
                     plgpu.SMEM((K, N), DT, transforms=TRANSFORMS),
                     plgpu.Barrier(num_arrivals=2)],
  )(a, b)


if __name__ == "__main__":
  print(jax.jit(matmul)(jnp.ones((M, K), DT), jnp.ones((K, N), DT)).sum())
''',
    "graphlib_scratch_order": r'''
"""A producer / consumer pair; the scratch order is graphlib's topological order of the buffers' dependencies."""
import graphlib

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)
DEPENDS = {"stage": set(), "loaded": {"stage"}, "ready": {"loaded"}}
ORDER = list(graphlib.TopologicalSorter(DEPENDS).static_order())
MAKERS = {
    "stage": lambda: plgpu.SMEM(SHAPE, jnp.float32),
    "loaded": lambda: plgpu.Barrier(),
    "ready": lambda: plgpu.Barrier(),
}
BUDGET = {"producer": 40, "consumer": 232}


def kernel(x_gmem, o_gmem, stage, loaded, ready):
  who = lax.axis_index("who")

  @pl.when(who == 0)
  def _producer():
    plgpu.set_max_registers(BUDGET["producer"], action="decrease")
    plgpu.copy_gmem_to_smem(x_gmem, stage, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_arrive(ready)

  @pl.when(who == 1)
  def _consumer():
    plgpu.set_max_registers(BUDGET["consumer"], action="increase")
    plgpu.barrier_wait(ready)
    stage[...] = jnp.tanh(stage[...])
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(stage, o_gmem)
    plgpu.wait_smem_to_gmem(0)


squash = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[MAKERS[name]() for name in ORDER], num_threads=len(BUDGET),
                      thread_name="who")

if __name__ == "__main__":
  print(ORDER, jax.jit(squash)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "getopt_fori": r'''
"""A lax.fori_loop of a damped update; trips, unroll and dtype are options parsed by getopt from an argv list."""
import getopt

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

OPTS, _ = getopt.getopt(["-t", "6", "-u", "3", "--dtype", "float32"], "t:u:", ["dtype="])
OPTIONS = {flag.lstrip("-"): value for flag, value in OPTS}
TRIPS, UNROLL = int(OPTIONS["t"]), int(OPTIONS["u"])
DTYPE = jnp.dtype(OPTIONS["dtype"])
SHAPE = (64, 128)


def kernel(x_ref, o_ref):
  def step(i, acc):
    return acc * 0.75 + 0.25

  o_ref[...] = lax.fori_loop(0, TRIPS, step, x_ref[...], unroll=UNROLL)


damp = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))

if __name__ == "__main__":
  print(jax.jit(damp)(jnp.ones(SHAPE, DTYPE)).sum())
''',
}


KERNELS_B: dict[str, str] = {
    "exception_payload_cluster": r'''
"""A TMA load multicast over a cluster of two; the cluster settings travel in a custom exception's payload."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Chosen(Exception):
  def __init__(self, **plan):
    super().__init__(plan)
    self.plan = plan


def choose(rows):
  for size in (4, 2, 1):
    if rows // size >= 32 and size <= 2:
      raise Chosen(size=size, axis="pair", rows=rows, cols=128)
  raise Chosen(size=1, axis="pair", rows=rows, cols=128)


try:
  choose(64)
except Chosen as found:
  PLAN = found.plan
PART = PLAN["rows"] // PLAN["size"]
SHAPE = (PLAN["rows"], PLAN["cols"])


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar, collective_axes=PLAN["axis"])
  plgpu.barrier_wait(bar)
  rows = pl.ds(lax.axis_index(PLAN["axis"]) * PART, PART)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[rows], o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


bcast = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    grid=(PLAN["size"],),
    grid_names=("g",),
    cluster=(PLAN["size"],),
    cluster_names=(PLAN["axis"],),
)

if __name__ == "__main__":
  print(jax.jit(bcast)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "mapping_abc_launch": r'''
"""Loader and storer threads meet on a barrier; the launch keywords are a collections.abc.Mapping unpacked with **."""
import collections.abc

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Launch(collections.abc.Mapping):
    def __init__(self, threads, name):
        self._items = {"num_threads": threads, "thread_name": name}

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)


LAUNCH = Launch(threads=2, name="lane_group")
SHAPE = (128, 64)


def kernel(x_gmem, o_gmem, smem, loaded, handoff):
    me = lax.axis_index(LAUNCH["thread_name"])

    @pl.when(me == 0)
    def _loader():
        plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)
        plgpu.barrier_wait(loaded)
        smem[...] = smem[...] + 5.0
        plgpu.commit_smem()
        plgpu.barrier_arrive(handoff)

    @pl.when(me == 1)
    def _storer():
        plgpu.barrier_wait(handoff)
        plgpu.copy_smem_to_gmem(smem, o_gmem)
        plgpu.wait_smem_to_gmem(0)


add5 = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(), plgpu.Barrier()],
    **LAUNCH,
)

if __name__ == "__main__":
    print(dict(LAUNCH), jax.jit(add5)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "field_metadata_layout": r'''
"""A row ramp times a tile in a WG_STRIDED layout; the vector width is a dataclass field's metadata."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class Plan:
  rows: int = dataclasses.field(default=128, metadata={"role": "shape"})
  cols: int = dataclasses.field(default=256, metadata={"role": "shape"})
  data: object = dataclasses.field(default=jnp.float32, metadata={"role": "dtype", "vec": 4})


PLAN = Plan()
META = {f.name: f.metadata for f in dataclasses.fields(Plan)}
SHAPE = tuple(getattr(PLAN, name) for name, meta in META.items() if meta["role"] == "shape")
VEC = META["data"]["vec"]


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  layout = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)
  ramp = plgpu.layout_cast(jax.lax.broadcasted_iota(PLAN.data, SHAPE, 0), layout)
  o_ref[...] = load_as(x_ref, layout) * ramp


scale_rows = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, PLAN.data),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(SHAPE, VEC, jax.jit(scale_rows)(jnp.ones(SHAPE, PLAN.data))[:2, 0])
''',
    "functional_enum_reduce": r'''
"""A row reduction of a WGMMA-layout tile; the reduction is a member of an Enum made by the functional API."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

Reduce = enum.Enum("Reduce", [("SUM", "sum"), ("MAX", "max")])
OPS = {Reduce.SUM: jnp.sum, Reduce.MAX: jnp.max}
CHOICE = Reduce["SUM"]
SHAPE = (128, 64)
AXIS = 1


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, plgpu.Layout.WGMMA)
  o_ref[...] = OPS[CHOICE](x, axis=AXIS)


reduce_rows = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((SHAPE[1 - AXIS],), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(CHOICE.value, jax.jit(reduce_rows)(jnp.ones(SHAPE, jnp.float32))[:4])
''',
    "enum_alias_swizzle": r'''
"""A bf16 TMA round trip; the swizzle is an Enum where a second name for the same value is an alias."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Swizzle(enum.Enum):
  NARROW = 32
  MEDIUM = 64
  WIDE = 128
  DEFAULT = 128


SWIZZLE = Swizzle.__members__["DEFAULT"].value
DTYPE = jnp.bfloat16
ROWS = 64
COLS = SWIZZLE // jnp.dtype(DTYPE).itemsize
TRANSFORMS = (plgpu.TilingTransform((8, COLS)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


twice = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(Swizzle.DEFAULT is Swizzle.WIDE, jax.jit(twice)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "next_value_enum_tmem": r'''
"""A TMEM round trip; the allocation width is a member of an Enum whose _generate_next_value_ doubles widths."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Columns(enum.Enum):
  @staticmethod
  def _generate_next_value_(name, start, count, last_values):
    return 32 * 2 ** count

  C32 = enum.auto()
  C64 = enum.auto()
  C128 = enum.auto()


ROWS = 128
COLS = Columns.C128.value


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref, tmem):
  plgpu.async_store_tmem(tmem, load_as(x_ref, plgpu.Layout.TCGEN05) * 3.0)
  plgpu.commit_tmem()
  o_ref[...] = plgpu.async_load_tmem(tmem)
  plgpu.wait_load_tmem()


triple = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.TMEM((ROWS, COLS), jnp.float32)],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print([c.value for c in Columns], jax.jit(triple)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "decimal_ws_pipeline": r'''
"""A warp-specialized pipeline over row blocks; the step count is a decimal.Decimal quotient rounded down."""
import decimal

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS = decimal.Decimal("512")
BLOCK_ROWS = decimal.Decimal("128")
STEPS = int((ROWS / BLOCK_ROWS).quantize(decimal.Decimal("1"), rounding=decimal.ROUND_DOWN))
BLOCK = (int(BLOCK_ROWS), 64)


def kernel(x_gmem, o_gmem):
    spec = pl.BlockSpec(BLOCK, lambda i: (i, 0))

    def body(_, x_smem, o_smem):
        o_smem[...] = jnp.abs(x_smem[...])

    plgpu.emit_pipeline_warp_specialized(
        body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
        max_concurrent_steps=2, num_compute_wgs=1, memory_registers=40, wg_axis="wg",
    )(x_gmem, o_gmem)


def absolute(x):
    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                        num_threads=2, thread_name="wg")(x)


if __name__ == "__main__":
    print(STEPS, jax.jit(absolute)(-jnp.ones((int(ROWS), BLOCK[1]), jnp.float32)).sum())
''',
    "complex_tile_windows": r'''
"""Row windows copied by separate TMA loads onto one barrier; each window is a complex number offset + height j."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

WINDOWS = [0 + 64j, 64 + 32j, 96 + 32j]
ROWS, COLS = 128, 64


def kernel(x_gmem, o_gmem, smem, bar):
  for w in WINDOWS:
    rows = pl.ds(int(w.real), int(w.imag))
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * 0.25
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


quarter = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_arrivals=len(WINDOWS))],
)

if __name__ == "__main__":
  print(sum(w.imag for w in WINDOWS), jax.jit(quarter)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}


KERNELS_C: dict[str, str] = {
    "index_dunder_slices": r'''
"""Row parts of a staged tile stored to two outputs in one TMA group; the sizes are objects read by operator.index."""
import operator

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Rows:
  def __init__(self, count):
    self.count = count

  def __index__(self):
    return self.count


HEAD, TAIL = Rows(32), Rows(96)
COLS = 64
SHAPE = (HEAD.count + TAIL.count, COLS)


def kernel(x_gmem, head_gmem, tail_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] - 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[pl.ds(0, operator.index(HEAD))], head_gmem, commit_group=False)
  plgpu.copy_smem_to_gmem(smem.at[pl.ds(operator.index(HEAD), operator.index(TAIL))], tail_gmem, commit_group=False)
  plgpu.commit_smem_to_gmem_group()
  plgpu.wait_smem_to_gmem(0)


def split(x):
  outs = (jax.ShapeDtypeStruct((HEAD, COLS), jnp.float32), jax.ShapeDtypeStruct((TAIL, COLS), jnp.float32))
  return plgpu.kernel(kernel, out_type=outs,
                      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()])(x)


if __name__ == "__main__":
  print([o.shape for o in jax.jit(split)(jnp.ones(SHAPE, jnp.float32))])
''',
    "add_dunder_wgmma_pipeline": r'''
"""A K-pipelined WGMMA; the tile config is a sum of partial configs composed by __add__ / __radd__."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Part(dict):
  def __add__(self, other):
    return Part({**self, **other})

  def __radd__(self, other):
    return self if other == 0 else Part({**other, **self})


SHAPE_PART = Part(tm=64, tn=128, tk=64)
SCHEDULE_PART = Part(k_steps=3, depth=2)
TRANSFORM_PART = Part(swizzle=128, dtype=jnp.float16)
CFG = sum([SHAPE_PART, SCHEDULE_PART, TRANSFORM_PART])
ELEMS = CFG["swizzle"] // jnp.dtype(CFG["dtype"]).itemsize


def transforms():
  return (plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(CFG["swizzle"]))


def kernel(a_gmem, b_gmem, o_gmem):
  def scope(acc):
    def body(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(1)

    plgpu.emit_pipeline(
        body,
        grid=(CFG["k_steps"],),
        in_specs=[plgpu.BlockSpec((CFG["tm"], CFG["tk"]), lambda k: (0, k), transforms=transforms()),
                  plgpu.BlockSpec((CFG["tk"], CFG["tn"]), lambda k: (k, 0), transforms=transforms())],
        max_concurrent_steps=CFG["depth"],
    )(a_gmem, b_gmem)
    plgpu.wgmma_wait(0)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((CFG["tm"], CFG["tn"]), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((CFG["tm"], CFG["tn"]), jnp.float32))(a, b)


if __name__ == "__main__":
  a = jnp.ones((CFG["tm"], CFG["k_steps"] * CFG["tk"]), CFG["dtype"])
  b = jnp.ones((CFG["k_steps"] * CFG["tk"], CFG["tn"]), CFG["dtype"])
  print(jax.jit(matmul)(a, b).sum())
''',
    "for_else_vector_width": r'''
"""A bf16 tile loaded in a WG_STRIDED layout and squared; the vector width is found by a for / else search."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (64, 256)
DTYPE = jnp.bfloat16
MAX_BITS = 128
for VEC in (16, 8, 4, 2):
  if VEC * jnp.dtype(DTYPE).itemsize * 8 <= MAX_BITS and SHAPE[1] % VEC == 0:
    break
else:
  VEC = 1


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
  o_ref[...] = (x.astype(jnp.float32) * x.astype(jnp.float32)).astype(DTYPE)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(VEC, jax.jit(square)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "recursive_block_pipeline": r'''
"""An emit_pipeline over column blocks; the block width is found by recursive halving until it fits a budget."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 64, 512
BUDGET_BYTES = 64 * 1024


def fit(width, depth=2):
  if ROWS * width * 4 * depth * 2 <= BUDGET_BYTES or width <= 32:
    return width
  return fit(width // 2, depth)


BLOCK_COLS = fit(COLS)
STEPS = COLS // BLOCK_COLS


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec((ROWS, BLOCK_COLS), lambda j: (0, j))

  def body(_, x_smem, o_smem):
    o_smem[...] = jnp.minimum(x_smem[...], 1.0)

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, o_gmem)


def clip(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  print(BLOCK_COLS, jax.jit(clip)(jnp.full((ROWS, COLS), 3.0, jnp.float32)).sum())
''',
    "takewhile_load_reduce": r'''
"""A float32 all-reduce with multimem_load_reduce; the axes are itertools.takewhile over an ordered axis list."""
import itertools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS_SIZES = [("x", 2), ("replica", 1), ("pipe", 1)]
MESH_AXES = tuple(itertools.takewhile(lambda item: item[1] > 1, AXIS_SIZES))
AXES = tuple(name for name, _ in MESH_AXES)
DEVICES = MESH_AXES[0][1]
SHAPE = (128, 128)


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
      plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
  )
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXES[0]))
  pl.semaphore_wait(sem)


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), AXES, axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXES), out_specs=P(AXES), check_vma=False))
  print(fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
    "exec_namespace_signal": r'''
"""A device barrier by semaphore_signal_multicast over a 2-D mesh; the settings are exec'd into a namespace dict."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SOURCE = """
mesh_shape = (2, 2)
mesh_axes = ("host", "chip")
signal_axes = mesh_axes
scale = 0.5
"""
NS = {}
exec(SOURCE, {}, NS)
DEVICES = NS["mesh_shape"][0] * NS["mesh_shape"][1]


def kernel(x_ref, o_ref, sem):
  o_ref[...] = x_ref[...] * NS["scale"]
  plgpu.semaphore_signal_multicast(sem, collective_axes=NS["signal_axes"])
  pl.semaphore_wait(sem, DEVICES)


def sync_scale(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh(NS["mesh_shape"], NS["mesh_axes"], axis_types=(jax.sharding.AxisType.Auto,) * 2)
  spec = P(NS["mesh_axes"])
  fn = jax.jit(jax.shard_map(sync_scale, mesh=mesh, in_specs=spec, out_specs=spec, check_vma=False))
  print(fn(jnp.ones((DEVICES * 128, 64), jnp.float32)).shape)
''',
    "frombytes_load_reduce": r'''
"""An int32 min all-reduce with multimem_load_reduce; tile sizes are int.from_bytes of a hex-encoded header."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
HEADER = bytes.fromhex("0080 0040 02 02")
ROWS = int.from_bytes(HEADER[0:2], "big")
COLS = int.from_bytes(HEADER[2:4], "big")
VEC = HEADER[4]
DEVICES = HEADER[5]
AXIS = "d"


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=AXIS, reduction_op="min"),
      plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=VEC),
  )
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def allmin(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allmin, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((DEVICES * ROWS, COLS), jnp.int32)).shape)
''',
    "pickle_setstate_tcgen05": r'''
"""A tcgen05 MMA into TMEM; the MMA config survives a pickle round trip whose __setstate__ rebuilds derived fields."""
import pickle

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class MmaConfig:
  def __init__(self, m, n, k, swizzle, dtype_name):
    self.m, self.n, self.k, self.swizzle, self.dtype_name = m, n, k, swizzle, dtype_name
    self._derive()

  def _derive(self):
    self.dtype = jnp.dtype(self.dtype_name)
    self.elems = self.swizzle // self.dtype.itemsize

  def __getstate__(self):
    return {"m": self.m, "n": self.n, "k": self.k, "swizzle": self.swizzle, "dtype_name": self.dtype_name}

  def __setstate__(self, state):
    self.__dict__.update(state)
    self._derive()


CFG = pickle.loads(pickle.dumps(MmaConfig(128, 128, 64, 128, "float16")))
TRANSFORMS = (plgpu.TilingTransform((8, CFG.elems)), plgpu.SwizzleTransform(CFG.swizzle))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, acc, tma_bar, mma_bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, tma_bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, tma_bar)
  plgpu.barrier_wait(tma_bar)
  plgpu.tcgen05_mma(acc, a_smem, b_smem, mma_bar, accumulate=False)
  plgpu.barrier_wait(mma_bar)
  o_gmem[...] = plgpu.async_load_tmem(acc)
  plgpu.wait_load_tmem()


matmul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((CFG.m, CFG.n), jnp.float32),
    scratch_types=[plgpu.SMEM((CFG.m, CFG.k), CFG.dtype, transforms=TRANSFORMS),
                   plgpu.SMEM((CFG.k, CFG.n), CFG.dtype, transforms=TRANSFORMS),
                   plgpu.TMEM((CFG.m, CFG.n), jnp.float32),
                   plgpu.Barrier(num_arrivals=2),
                   plgpu.Barrier(orders_tensor_core=True)],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  a = jnp.ones((CFG.m, CFG.k), CFG.dtype)
  b = jnp.ones((CFG.k, CFG.n), CFG.dtype)
  print(jax.jit(matmul)(a, b).sum())
''',
    "vars_update_platform": r'''
"""A blocked log1p of a vector; the compiler params come from an options object filled by vars(obj).update."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax.experimental.pallas import triton as pltriton


class Options:
  platform = "mosaic_gpu"
  approx = False


OPTIONS = Options()
vars(OPTIONS).update({"approx": True, "block": 512})
N = 2048


def compiler_params(opts):
  if opts.platform == "triton":
    return pltriton.CompilerParams(num_warps=4)
  return plgpu.CompilerParams(approx_math=opts.approx)


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("chunk") * OPTIONS.block, OPTIONS.block)
  o_ref[win] = jnp.log(x_ref[win] + 1.0)


log1p = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), jnp.float32),
    grid=(N // OPTIONS.block,),
    grid_names=("chunk",),
    compiler_params=compiler_params(OPTIONS),
)

if __name__ == "__main__":
  print(vars(OPTIONS), jax.jit(log1p)(jnp.ones((N,), jnp.float32))[:4])
''',
    "iterator_class_barriers": r'''
"""Row blocks staged by TMA over an array of barriers; the (block, slot) pairs come from an iterator class's __next__."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Deal:
    def __init__(self, blocks, slots):
        self.blocks, self.slots, self.i = blocks, slots, 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= self.blocks:
            raise StopIteration
        pair = (self.i, self.i % self.slots)
        self.i += 1
        return pair


BLOCKS, SLOTS = 4, 4
ROWS, COLS = 32, 64
PAIRS = list(Deal(BLOCKS, SLOTS))


def kernel(x_gmem, o_gmem, smem, bars):
    for block, slot in PAIRS:
        rows = pl.ds(block * ROWS, ROWS)
        plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[slot])
    for slot in range(SLOTS):
        plgpu.barrier_wait(bars.at[slot])
    smem[...] = smem[...] + 2.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


add2 = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((BLOCKS * ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCKS * ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=SLOTS)],
)

if __name__ == "__main__":
    print(PAIRS, jax.jit(add2)(jnp.ones((BLOCKS * ROWS, COLS), jnp.float32)).sum())
''',
    "fnmatch_dtype_rules": r'''
"""A blocked softplus-like op; its dtype and op are the first fnmatch rule matching the kernel's name."""
import fnmatch

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

RULES = [
    ("*_bf16", {"dtype": "bfloat16", "op": "exp"}),
    ("soft*", {"dtype": "float32", "op": "exp"}),
    ("*", {"dtype": "float16", "op": "tanh"}),
]
NAME = "softplus"
RULE = next(opts for pattern, opts in RULES if fnmatch.fnmatch(NAME, pattern))
DTYPE = jnp.dtype(RULE["dtype"])
OP = getattr(jnp, RULE["op"])
N, BLOCK = 1024, 256


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("i") * BLOCK, BLOCK)
  x = x_ref[win]
  o_ref[win] = jnp.log(1.0 + OP(x))


softplus = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), DTYPE),
    grid=(N // BLOCK,),
    grid_names=("i",),
)

if __name__ == "__main__":
  print(RULE, jax.jit(softplus)(jnp.zeros((N,), DTYPE))[:4])
''',
    "array_cluster_barrier": r'''
"""Each CTA of a cluster scales its half and meets its peer on a ClusterBarrier; sizes are an array.array of 'H'."""
import array

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

DIMS = array.array("H", [2, 128, 64])
CLUSTER, ROWS, COLS = DIMS.tolist()
PART = ROWS // CLUSTER


def kernel(x_gmem, o_gmem, smem, bar, peers):
  rows = pl.ds(lax.axis_index("c") * PART, PART)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * 7.0
  plgpu.barrier_arrive(peers)
  plgpu.barrier_wait(peers)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


times7 = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((PART, COLS), jnp.float32), plgpu.Barrier(),
                   plgpu.ClusterBarrier(collective_axes=("c",))],
    grid=(CLUSTER,),
    grid_names=("blk",),
    cluster=(CLUSTER,),
    cluster_names=("c",),
)

if __name__ == "__main__":
  print(DIMS.itemsize, jax.jit(times7)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}


# Adapted from tests/pallas/mosaic_gpu_test.py at the mirror's HEAD (test names in each docstring): the test's
# kernel kept with its first parameter set, its self.kernel harness rewritten as a plain plgpu.kernel launch under
# the semantics its test class's harness sets, and a __main__ driver.
KERNELS_JAX: dict[str, str] = {
    "jax_tmem_allocation_estimation": r'''
"""mosaic_gpu_test.py test_tmem_allocation_estimation: three packed bf16 TMEM refs chained x + 1 three times."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

# self.default_transforms(dtype=jnp.bfloat16) of the test harness, written out.
transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def kernel(x_ref, y_ref, tmem_ref1, tmem_ref2, tmem_ref3, smem_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref, smem_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  try:
    x_val = plgpu.load(smem_ref, layout=plgpu.Layout.TCGEN05)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    x_val = plgpu.load(smem_ref, (), layout=plgpu.Layout.TCGEN05)
  plgpu.async_store_tmem(tmem_ref1, x_val + 1)
  plgpu.commit_tmem()
  x_val = plgpu.async_load_tmem(tmem_ref1)
  plgpu.async_store_tmem(tmem_ref2, x_val + 1)
  plgpu.commit_tmem()
  x_val = plgpu.async_load_tmem(tmem_ref2)
  plgpu.async_store_tmem(tmem_ref3, x_val + 1)
  plgpu.commit_tmem()
  smem_ref[...] = plgpu.async_load_tmem(tmem_ref3)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem_ref, y_ref)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 256), jnp.bfloat16),
    scratch_types=[
        plgpu.TMEM((128, 256), jnp.bfloat16, packed=True),
        plgpu.TMEM((128, 256), jnp.bfloat16, packed=True),
        plgpu.TMEM((128, 256), jnp.bfloat16, packed=True),
        plgpu.SMEM((128, 256), jnp.bfloat16, transforms=transforms),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 256), dtype=jnp.bfloat16)
  print(jax.jit(f)(x).shape)
''',
    "jax_tmem_ref_aliasing": r'''
"""mosaic_gpu_test.py test_tmem_ref_aliasing: a RefUnion of two 32-column TMEM refs and one 64-column ref."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

# self.default_transforms(dtype=jnp.float32) of the test harness, written out.
transforms = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def load_tcgen05(ref):
  try:
    return plgpu.load(ref, layout=plgpu.Layout.TCGEN05)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    return plgpu.load(ref, (), layout=plgpu.Layout.TCGEN05)


def kernel(x_ref, y_ref, aliased_ref, smem_ref, barrier_ref):
  [tmem_128x32a, tmem_128x32b], tmem_128x64 = aliased_ref
  plgpu.copy_gmem_to_smem(x_ref, smem_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  # Test tmem_128x32 a and b
  x_val = load_tcgen05(smem_ref.at[:, 0:32])
  plgpu.async_store_tmem(tmem_128x32a, x_val + 1)
  plgpu.commit_tmem()
  smem_ref[:, 0:32] = plgpu.async_load_tmem(tmem_128x32a)
  plgpu.wait_load_tmem()  # Make sure the load is done before we write to TMEM again.

  x_val = load_tcgen05(smem_ref.at[:, 32:64])
  plgpu.async_store_tmem(tmem_128x32b, x_val + 1)
  plgpu.commit_tmem()
  smem_ref[:, 32:64] = plgpu.async_load_tmem(tmem_128x32b)
  plgpu.wait_load_tmem()  # Make sure the load is done before we write to TMEM again.

  # Test tmem_128x64
  x_val = load_tcgen05(smem_ref.at[:, 64:128])
  plgpu.async_store_tmem(tmem_128x64, x_val + 1)
  plgpu.commit_tmem()
  smem_ref[:, 64:128] = plgpu.async_load_tmem(tmem_128x64)

  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem_ref, y_ref)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
    scratch_types=[
        plgpu.RefUnion(
            [
                plgpu.TMEM((128, 32), jnp.float32),
                plgpu.TMEM((128, 32), jnp.float32),
            ],
            plgpu.TMEM((128, 64), jnp.float32),
        ),
        plgpu.SMEM((128, 128), jnp.float32, transforms=transforms),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 128), dtype=jnp.float32)
  print(jax.jit(f)(x).shape)
''',
    "jax_tmem_ref_union_multi_allocation": r'''
"""mosaic_gpu_test.py test_tmem_ref_union_multi_allocation: an f16 TMEM ref and a RefUnion of one more, 256 columns each."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

# Host adaptation: the f16 TMEM results go through swizzled SMEM and a TMA store (0.12.0.1 cannot store them
# straight to GMEM); the transforms are the harness's default_transforms(dtype=jnp.float16).
transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def load_tcgen05(ref):
  try:
    return plgpu.load(ref, layout=plgpu.Layout.TCGEN05, optimized=False)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    return plgpu.load(ref, (), layout=plgpu.Layout.TCGEN05, optimized=False)


def kernel(x_ref, y_ref, tmem_ref1, aliased_tmem_ref2, out_smem1, out_smem2):
  [tmem_ref2] = aliased_tmem_ref2
  x_val1 = load_tcgen05(x_ref.at[:, 0:256])
  x_val2 = load_tcgen05(x_ref.at[:, 256:512])
  plgpu.async_store_tmem(tmem_ref1, x_val1 + 1)
  plgpu.async_store_tmem(tmem_ref2, x_val2 + 2)
  plgpu.commit_tmem()

  out_smem1[...] = plgpu.async_load_tmem(tmem_ref1)
  out_smem2[...] = plgpu.async_load_tmem(tmem_ref2)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem1, y_ref.at[:, 0:256])
  plgpu.copy_smem_to_gmem(out_smem2, y_ref.at[:, 256:512])
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 512), jnp.float16),
    scratch_types=[
        plgpu.TMEM((128, 256), jnp.float16, packed=False),
        plgpu.RefUnion(
            plgpu.TMEM((128, 256), jnp.float16, packed=False),
        ),
        plgpu.SMEM((128, 256), jnp.float16, transforms=transforms),
        plgpu.SMEM((128, 256), jnp.float16, transforms=transforms),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(128, 512), dtype=jnp.float16)
  print(jax.jit(f)(x).shape)
''',
    "jax_tmem_store_load_collective": r'''
"""mosaic_gpu_test.py test_tmem_store_load_collective (TCGEN05_M64_COLLECTIVE(160)): x + 1 through collective TMEM."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

layout = plgpu.Layout.TCGEN05_M64_COLLECTIVE(160)


def kernel(x_ref, y_ref, tmem_ref):
  try:
    x_val = plgpu.load(x_ref, layout=layout, optimized=False)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    x_val = plgpu.load(x_ref, (), layout=layout, optimized=False)
  plgpu.async_store_tmem(tmem_ref, x_val + 1)
  plgpu.commit_tmem()
  # We don't wait for the load to complete, because we never overwrite
  # tmem_ref.
  y_ref[...] = plgpu.async_load_tmem(tmem_ref, layout=layout)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((64, 160), jnp.float32),
    cluster=(2,),
    cluster_names=("cluster",),
    scratch_types=[
        plgpu.TMEM(
            (64, 160),
            jnp.float32,
            collective=True,
            layout=plgpu.TMEMLayout.M64_COLLECTIVE_LAYOUT(160),
        ),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=(64, 160), dtype=jnp.float32)
  print(jax.jit(f)(x).shape)
''',
    "jax_simple_collective_matmul": r'''
"""mosaic_gpu_test.py test_simple_collective_matmul ((256, 256, 256), 128, float16, lhs_tmem=False): a paired-CTA tcgen05 MMA."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

m_n_k, swizzle, ab_type, lhs_tmem = (256, 256, 256), 128, jnp.float16, False
a_type, b_type = (ab_type if isinstance(ab_type, tuple) else (ab_type, ab_type))
is_fp8 = a_type in (jnp.float8_e5m2, jnp.float8_e4m3fn) or b_type in (jnp.float8_e5m2, jnp.float8_e4m3fn)
m, n, k = m_n_k
full_lhs_shape = (m, k)
full_rhs_shape = (k, n)
full_acc_shape = (m, n)
block_acc_shape = (m // 2, n)
block_lhs_shape = (m // 2, k)
block_rhs_shape = (k, n // 2)


def default_transforms(*, swizzle=128, dtype):
  # The test harness's self.default_transforms.
  swizzle_elems = 8 * swizzle // jnp.finfo(dtype).bits
  return (plgpu.TilingTransform((8, swizzle_elems)), plgpu.SwizzleTransform(swizzle))


a_transforms = default_transforms(swizzle=swizzle, dtype=a_type)
b_transforms = default_transforms(swizzle=swizzle, dtype=b_type)
out_dtype = jnp.float32 if is_fp8 else a_type


def kernel(a_gmem, b_gmem, out_gmem, a_smem, b_smem, acc_tmem, tma_barrier, mma_barrier, cluster_barrier,
           lhs_tmem_ref, out_smem):
  cluster_idx = lax.axis_index("x")
  slice_lhs = pl.ds(cluster_idx * block_lhs_shape[0], block_lhs_shape[0])
  slice_rhs = pl.ds(cluster_idx * block_rhs_shape[1], block_rhs_shape[1])

  plgpu.copy_gmem_to_smem(a_gmem.at[slice_lhs, :], a_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  plgpu.copy_gmem_to_smem(b_gmem.at[:, slice_rhs], b_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)

  lhs_ref = a_smem

  plgpu.barrier_arrive(cluster_barrier)
  plgpu.barrier_wait(cluster_barrier)

  plgpu.tcgen05_mma(acc_tmem, lhs_ref, b_smem, mma_barrier, accumulate=False, collective_axis="x")
  plgpu.barrier_wait(mma_barrier)
  layout = plgpu.Layout.TCGEN05
  # Host adaptation: the f16 result goes through SMEM and a TMA store (0.12.0.1 cannot store it straight to GMEM).
  out_smem[...] = plgpu.async_load_tmem(acc_tmem, layout=layout).astype(out_dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, out_gmem.at[slice_lhs, :])
  plgpu.wait_smem_to_gmem(0)


scratch_types = [
    plgpu.SMEM(block_lhs_shape, a_type, transforms=a_transforms),
    plgpu.SMEM(block_rhs_shape, b_type, transforms=b_transforms),
    plgpu.TMEM(block_acc_shape, jnp.float32, collective=True),
    plgpu.Barrier(),
    plgpu.Barrier(orders_tensor_core=True),
    plgpu.ClusterBarrier(collective_axes=("x",)),
    None,
    plgpu.SMEM(block_acc_shape, out_dtype, transforms=default_transforms(swizzle=swizzle, dtype=out_dtype)),
]

f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(full_acc_shape, out_dtype),
    cluster=(2,),
    cluster_names=("x",),
    scratch_types=scratch_types,
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=full_lhs_shape, dtype=a_type)
  y = jax.random.uniform(jax.random.key(1), shape=full_rhs_shape, dtype=b_type)
  print(jax.jit(f)(x, y).shape)
''',
    "jax_matmul_with_tmem_aliasing": r'''
"""mosaic_gpu_test.py test_matmul_with_tmem_aliasing (128, float16): two tcgen05 MMAs over aliased TMEM refs."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

swizzle, dtype = 128, jnp.float16
shape = (128, 128)
# self.default_transforms(swizzle=swizzle, dtype=dtype), written out.
transforms = (plgpu.TilingTransform((8, 8 * swizzle // 16)), plgpu.SwizzleTransform(swizzle))


def load_tcgen05(ref):
  try:
    return plgpu.load(ref, layout=plgpu.Layout.TCGEN05)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    return plgpu.load(ref, (), layout=plgpu.Layout.TCGEN05)


def kernel(a_gmem, b_gmem, out_gmem128, out_gmem64, a_smem, b_smem, tma_barrier, mma_barrier, aliased_refs,
           out_smem):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  [acc_128, lhs_128], [lhs_64, acc_64], _ = aliased_refs

  # Do 128x128 @ 128x128 matmul
  plgpu.async_store_tmem(lhs_128, load_tcgen05(a_smem))
  plgpu.commit_tmem()
  plgpu.tcgen05_mma(acc_128, lhs_128, b_smem, mma_barrier, accumulate=False)
  plgpu.barrier_wait(mma_barrier)
  # Host adaptation: f16 results go through SMEM and a TMA store (0.12.0.1 cannot store them straight to GMEM).
  out_smem[...] = plgpu.async_load_tmem(acc_128).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, out_gmem128)
  plgpu.wait_smem_to_gmem(0, wait_read_only=True)

  # Do 128x64 @ 64x128 matmul
  plgpu.wait_load_tmem()  # Make sure the loads have completed
  plgpu.async_store_tmem(lhs_64, load_tcgen05(a_smem.at[:, 0:64]))
  plgpu.commit_tmem()
  plgpu.tcgen05_mma(acc_64, lhs_64, b_smem.at[0:64, :], mma_barrier, accumulate=False)
  plgpu.barrier_wait(mma_barrier)
  # We don't await the load because TMEM is never modified again.
  out_smem[...] = plgpu.async_load_tmem(acc_64).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, out_gmem64)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=[jax.ShapeDtypeStruct(shape, dtype), jax.ShapeDtypeStruct(shape, dtype)],
    scratch_types=[
        plgpu.SMEM(shape, dtype, transforms=transforms),  # a_smem
        plgpu.SMEM(shape, dtype, transforms=transforms),  # b_smem
        plgpu.Barrier(),  # tma_barrier
        plgpu.Barrier(orders_tensor_core=True),  # mma_barrier
        plgpu.RefUnion(  # aliased_refs
            [
                plgpu.TMEM((128, 128), jnp.float32),  # acc
                plgpu.TMEM((128, 128), dtype, packed=True),  # lhs
            ],
            [
                plgpu.TMEM((128, 64), dtype, packed=True),  # lhs
                plgpu.TMEM((128, 128), jnp.float32),  # acc
            ],
            plgpu.TMEM((128, 128), jnp.float32),  # unused
        ),
        plgpu.SMEM(shape, dtype, transforms=transforms),  # host adaptation: the output staging tile
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=shape, dtype=dtype)
  y = jax.random.uniform(jax.random.key(1), shape=shape, dtype=dtype)
  print([r.shape for r in jax.jit(f)(x, y)])
''',
    "jax_matmul_with_smem_aliasing": r'''
"""mosaic_gpu_test.py test_matmul_with_smem_aliasing (128, float16): two tcgen05 MMAs over aliased SMEM refs."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

swizzle, dtype = 128, jnp.float16
shape = (128, 128)
# self.default_transforms(swizzle=swizzle, dtype=dtype), written out.
transforms = (plgpu.TilingTransform((8, 8 * swizzle // 16)), plgpu.SwizzleTransform(swizzle))


def kernel(a_gmem, b_gmem, out_gmem128, out_gmem64, a_aliased, b_aliased, tma_barrier, mma_barrier, acc_tmem,
           out_smem):
  a_smem_128, a_smem_64 = a_aliased
  plgpu.copy_gmem_to_smem(a_gmem, a_smem_128, tma_barrier)
  plgpu.barrier_wait(tma_barrier)
  b_smem_128, b_smem_64 = b_aliased
  plgpu.copy_gmem_to_smem(b_gmem, b_smem_128, tma_barrier)
  plgpu.barrier_wait(tma_barrier)

  # Do 128x128 @ 128x128 matmul (host adaptation: ref.T for plgpu.transpose_ref, which fails on 0.11 / 0.12).
  plgpu.tcgen05_mma(acc_tmem, a_smem_128.T, b_smem_128, mma_barrier, accumulate=False)
  plgpu.barrier_wait(mma_barrier)
  # Host adaptation: f16 results go through SMEM and a TMA store (0.12.0.1 cannot store them straight to GMEM).
  out_smem[...] = plgpu.async_load_tmem(acc_tmem).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, out_gmem128)
  plgpu.wait_smem_to_gmem(0, wait_read_only=True)

  # Do 128x64 @ 64x128 matmul
  plgpu.wait_load_tmem()  # Make sure the loads are complete
  plgpu.tcgen05_mma(acc_tmem, a_smem_64.T, b_smem_64, mma_barrier, accumulate=False)
  plgpu.barrier_wait(mma_barrier)
  out_smem[...] = plgpu.async_load_tmem(acc_tmem).astype(dtype)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, out_gmem64)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=[jax.ShapeDtypeStruct(shape, dtype), jax.ShapeDtypeStruct(shape, dtype)],
    scratch_types=[
        plgpu.RefUnion(   # aliased a_smem
            plgpu.SMEM(shape, dtype, transforms=transforms),
            plgpu.SMEM((64, 128), dtype, transforms=transforms),
        ),
        plgpu.RefUnion(   # aliased b_smem
            plgpu.SMEM(shape, dtype, transforms=transforms),
            plgpu.SMEM((64, 128), dtype, transforms=transforms),
        ),
        plgpu.Barrier(),  # tma_barrier
        plgpu.Barrier(orders_tensor_core=True),  # mma_barrier
        plgpu.TMEM(shape, jnp.float32),  # acc
        plgpu.SMEM(shape, dtype, transforms=transforms),  # host adaptation: the output staging tile
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), shape=shape, dtype=dtype)
  y = jax.random.uniform(jax.random.key(1), shape=shape, dtype=dtype)
  print([r.shape for r in jax.jit(f)(x.T, y)])
''',
    "jax_griddepcontrol_multi_kernel_wg": r'''
"""mosaic_gpu_test.py test_griddepcontrol_multi_kernel under PallasCallWGTest: two kernels chained by griddepcontrol."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

# PallasCallWGTest's harness: every self.kernel launch under the Warpgroup semantics.
PARAMS = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup)


# The test checks the PTX and the host LLVM for the PDL launch; here the kernels are only lowered.
@jax.jit
def f(x):
  def kernel_a(x_ref, out_ref):
    out_ref[...] = x_ref[...] + 1.0
    plgpu.griddepcontrol_launch_dependents()

  def kernel_b(in_ref, out_ref):
    plgpu.griddepcontrol_wait()
    out_ref[...] = in_ref[...] * 2.0

  intermediate = plgpu.kernel(
      kernel_a,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      compiler_params=PARAMS,
  )(x)
  return plgpu.kernel(
      kernel_b,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      compiler_params=PARAMS,
  )(intermediate)


if __name__ == "__main__":
  x = jnp.arange(128).astype(jnp.float32)
  print(f(x).shape)
''',
    "jax_cond_get_arch": r'''
"""mosaic_gpu_test.py test_cond_get_arch: a lax.cond over an int4 tile loaded in the WGMMA layout (no mock)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

shape = (64, 256)
# Host adaptation: each branch writes a swizzled SMEM tile that one TMA store copies out (0.12.0.1 cannot store a
# bf16 register tile straight to GMEM); the transforms are the harness's default_transforms(dtype=jnp.bfloat16).
transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def kernel(x_gmem, o_gmem, o_smem):
  try:
    x = plgpu.load(x_gmem, layout=plgpu.Layout.WGMMA, optimized=False)
  except TypeError:  # Host adaptation: 0.10.2's plgpu.load takes an index.
    x = plgpu.load(x_gmem, (), layout=plgpu.Layout.WGMMA, optimized=False)

  def write_out1():
    o_smem[...] = x.astype(jnp.bfloat16) + 1

  def write_out2():
    o_smem[...] = x.astype(jnp.bfloat16) + 2

  jax.lax.cond(x_gmem[0, 0] != 0, write_out1, write_out2)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


# The test wraps the call in mock.patch.object(mgpu.utils, "get_arch", ...) to see it called; dropped here.
f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, jnp.bfloat16),
    scratch_types=[plgpu.SMEM(shape, jnp.bfloat16, transforms=transforms)],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jnp.full(shape, 7, dtype=jnp.int4)
  print(jax.jit(f)(x).shape)
''',
    "jax_tmem_alloc_within_warp_map": r'''
"""mosaic_gpu_test.py test_tmem_alloc_within_warp_map: an SMEM -> TMEM copy by warp 0 of a warp_map, read back as uint16."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

m, k = 128, 128
out_shape = (m, k // 2)
in_shape = (m, k)


def default_transforms(*, swizzle=128, dtype):
  # The test harness's self.default_transforms.
  swizzle_elems = 8 * swizzle // (jnp.dtype(dtype).itemsize * 8)
  return (plgpu.TilingTransform((8, swizzle_elems)), plgpu.SwizzleTransform(swizzle))


def kernel(_, out_gmem, smem, tmem_alias, out_smem):
  tmem, tmem_b = tmem_alias
  @plgpu.warp_map
  def _(warp_id):
    @pl.when(warp_id == 0)
    def _():
      plgpu.async_copy_smem_to_tmem(smem, tmem)
  # using out_gmem to prevent potential DCE on jaxprs
  # Host adaptation: the uint16 result goes through SMEM and a TMA store (0.12.0.1 cannot store it straight to GMEM).
  out_smem[...] = plgpu.async_load_tmem(tmem_b, layout=plgpu.Layout.TCGEN05)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, out_gmem)
  plgpu.wait_smem_to_gmem(0)


f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(out_shape, jnp.uint16),
    scratch_types=[
        plgpu.SMEM(in_shape, jnp.uint8, transforms=default_transforms(dtype=jnp.uint8, swizzle=64)),
        plgpu.RefUnion(
            plgpu.TMEM(in_shape, jnp.uint8, packed=True),
            plgpu.TMEM(out_shape, jnp.uint16, packed=True),
        ),
        plgpu.SMEM(out_shape, jnp.uint16, transforms=default_transforms(dtype=jnp.uint16)),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  # For simplicity reasons, the test only checks that the kernel lowers.
  x = jnp.ones(in_shape, jnp.uint8)
  print(jax.jit(f)(x).shape)
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
    _famheld.capped_mutation_cli(__doc__, "famheld11", bases(), famheld11_mutants, seed=2041)


if __name__ == "__main__":
    main()
