"""Build the thirteenth held-out families corpus `famheld13` (issue 27), written blind: user-style Mosaic GPU
kernels written for this set (no earlier set, `families`, `famheld` ... `famheld12`, used them), bases adapted from
JAX's own tests that no earlier set took, and one-edit mutants of them by famheld13_mutate.py (operators written from
JAX's own checks, blind to the checker: nothing under server/, tests/, docs/rules*, docs/design.md or CHANGELOG.md
was read, and neither pallas-lsp nor score.py / score_families.py was run).

usage: build_famheld13.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld13/user/NAME.py  the kernels of KERNELS_A / KERNELS_B, written for this set (2-space indents). What is new
                          against famheld3 ... famheld12 (checked by grepping their builders for each mechanism) is
                          the Python that carries the values the kernel depends on: an overloaded __matmul__ /
                          __mul__ computing tile sizes, __format__ with format specs producing axis names,
                          str.maketrans / translate / rsplit / rpartition, int.bit_length / bit_count,
                          statistics.median_low / mode, datetime.timedelta floor division and total_seconds,
                          memoryview.cast shapes, base64.b64decode / binascii.unhexlify, str.format_map, __bool__ /
                          __len__ truthiness deciding a branch, __eq__ / __hash__ dict keys, iteration and
                          unpacking through a __getitem__-only sequence, while / break / else, try / finally with
                          del of dict items, difflib.get_close_matches, string.Formatter().parse,
                          itertools.compress / dropwhile / combinations, a collections.UserDict with a rounding
                          __setitem__, dataclasses.KW_ONLY, a typing.runtime_checkable Protocol under isinstance,
                          a __getattribute__ override, an int subclass with __new__, __reversed__, plistlib.loads
                          and ipaddress network sizes.
  famheld13/jax/NAME.py   tests that no earlier set took as a base (checked by a script against the test names in
                          every bench/corpus builder / mutator and every /work/*/manifest.json): of
                          tests/pallas/mosaic_gpu_test.py (mirror HEAD cec06d116c05) PallasCallTest.
                          test_add_one_grid_with_scratch, test_barrier_repeated_indexing,
                          test_copy_gmem_to_smem_with_indexed_barrier (indexer=0, num_barriers=4),
                          test_scalar_broadcast, test_fori_loop_tuple (force_while=False), test_cond_returning_array,
                          test_tile_slicing, PipelineTest.test_emit_with_2d_grid (static=False, short=False),
                          WarpSpecializedPipelineTest.test_pipelined_copy (512, 512, 1, False, 2) and
                          CoreMapTest.test_multiple_wg; of tests/pallas/gpu_pallas_distributed_test.py
                          PallasCallRemoteDMATest.test_wait_twice, test_signal_parallel and
                          PallasCallMultimemTest.test_multimem_store_regs. Each keeps the test's kernel and first
                          parameter set, its self.kernel / self.pallas_call harness rewritten as a plain plgpu.kernel
                          launch under the test class's Lane semantics. Host adaptations, each commented where it is
                          made: the harness's self.pallas_call written out (PALLAS_CALL: a plgpu.kernel around an
                          emit_pipeline over the call's grid that stages each operand as its BlockSpec says),
                          default_transforms and the module helpers _fori_loop / _sum_same_dtype copied, decorator
                          launches written as plain assignments, the numerical checks dropped (kernels are only
                          lowered).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for CUDA, never
compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld13).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to --per-base operators,
the ones the earlier bases got least first, and up to --per-op mutants of each, sampled with a fixed seed (an operator
for at most --max-per-op bases; build_famheld.capped_mutation_cli); edits anywhere in the file but the docstring line.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld13_dropped.json.

Stage-1 fixes of my own bugs (first labelling, /work/famheld13-out): try_finally_fori's fori_loop carry started as
jnp.zeros (a splat layout that 0.10.2 refuses to join with the strided body value: "(PyTreeDef(...WGStridedFragLayout...),
PyTreeDef(...WGSplatFragLayout...))"; now x * 0.0 of the loaded input); after stage 2, hash_eq_table's Key got a
__repr__ (its mutants' KeyError messages carried an object address, so relabelling gave a different message; the
relabelled files keep the same mutant selection). Every base lowered clean on 0.10.2, 0.11.2 and 0.12.0.1 after that;
none was dropped. 23 mutants (20 sampled with random.Random(2311), 3 multi-device ones added) relabelled alone, each
in its own label.py run: 69 / 69 labels agree.

The commands that built /work/famheld13-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  ../../.venv/bin/python build_famheld13.py /work/famheld13-out
  nice -n 10 ../../.venv/bin/python label.py /work/famheld13-out --jobs 1 --only famheld13 $PY
  cp /work/famheld13-out/labels.json /tmp/famheld13_stage1.json
  ../../.venv/bin/python build_famheld13.py /work/famheld13-out --keep /tmp/famheld13_stage1.json --per-base 6 --per-op 1
  nice -n 10 ../../.venv/bin/python label.py /work/famheld13-out --jobs 1 --only famheld13 $PY
"""

from __future__ import annotations

import importlib

from famheld13_mutate import famheld13_mutants

_famheld = importlib.import_module("build_famheld")

KERNELS_A: dict[str, str] = {
    "matmul_dunder_wgmma": r'''
"""A K-pipelined f16 WGMMA; the output tile is the product of two Dims objects under an overloaded __matmul__."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Dims:
  def __init__(self, rows, cols):
    self.rows, self.cols = rows, cols

  def __matmul__(self, other):
    if self.cols != other.rows:
      raise ValueError(f"inner dimensions differ: {self.cols} != {other.rows}")
    return Dims(self.rows, other.cols)

  def __mul__(self, k):
    return Dims(self.rows, self.cols * k)


A_TILE = Dims(64, 64)
B_TILE = Dims(64, 128)
OUT = A_TILE @ B_TILE
K_STEPS = 2
SWIZZLE = 128
DTYPE = jnp.float16
ELEMS = SWIZZLE // jnp.dtype(DTYPE).itemsize
TRANSFORMS = (plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_gmem):
  def scope(acc):
    def body(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(1)

    plgpu.emit_pipeline(
        body,
        grid=(K_STEPS,),
        in_specs=[plgpu.BlockSpec((A_TILE.rows, A_TILE.cols), lambda k: (0, k), transforms=TRANSFORMS),
                  plgpu.BlockSpec((B_TILE.rows, B_TILE.cols), lambda k: (k, 0), transforms=TRANSFORMS)],
        max_concurrent_steps=2,
    )(a_gmem, b_gmem)
    plgpu.wgmma_wait(0)
    o_gmem[...] = acc[...]

  pl.run_scoped(scope, plgpu.ACC((OUT.rows, OUT.cols), jnp.float32))


def matmul(a, b):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((OUT.rows, OUT.cols), jnp.float32))(a, b)


if __name__ == "__main__":
  a_full = A_TILE * K_STEPS
  a = jnp.ones((a_full.rows, a_full.cols), DTYPE)
  b = jnp.ones((K_STEPS * B_TILE.rows, B_TILE.cols), DTYPE)
  print((OUT.rows, OUT.cols), jax.jit(matmul)(a, b).sum())
''',
    "format_spec_cluster": r'''
"""A TMA load multicast over a cluster of two; the cluster and grid axis names come from an Axis class's __format__."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Axis:
  def __init__(self, stem, size):
    self.stem, self.size = stem, size

  def __format__(self, spec):
    if spec == "cluster":
      return f"{self.stem}_c"
    if spec == "grid":
      return f"{self.stem}_g"
    return format(self.size, spec)


PAIR = Axis("pair", 2)
CLUSTER_AXIS = f"{PAIR:cluster}"
GRID_AXIS = f"{PAIR:grid}"
CLUSTER = int(f"{PAIR:d}")
ROWS, COLS = 128, 128
PART = ROWS // CLUSTER


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar, collective_axes=CLUSTER_AXIS)
  plgpu.barrier_wait(bar)
  rows = pl.ds(lax.axis_index(CLUSTER_AXIS) * PART, PART)
  smem[rows] = smem[rows] * 2.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[rows], o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier()],
    grid=(CLUSTER,),
    grid_names=(GRID_AXIS,),
    cluster=(CLUSTER,),
    cluster_names=(CLUSTER_AXIS,),
)

if __name__ == "__main__":
  print(CLUSTER_AXIS, GRID_AXIS, jax.jit(double)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "translate_rsplit_blocks": r'''
"""A blocked exp of a vector over a 1-D grid; dtype, block and approx_math are decoded with str.translate / rsplit / rpartition."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TAG = "F-32/blk_256/approx-ON"
TABLE = str.maketrans({"F": "float", "I": "int", "-": None})
DTYPE_TEXT, BLOCK_TEXT, APPROX_TEXT = TAG.split("/")
DTYPE = jnp.dtype(DTYPE_TEXT.translate(TABLE))
BLOCK = int(BLOCK_TEXT.rsplit("_", 1)[1])
APPROX = APPROX_TEXT.rpartition("-")[2] == "ON"
N = 4096


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("part") * BLOCK, BLOCK)
  o_ref[win] = jnp.exp(x_ref[win]) + 1.0


expp1 = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), DTYPE),
    grid=(N // BLOCK,),
    grid_names=("part",),
    compiler_params=plgpu.CompilerParams(approx_math=APPROX),
)

if __name__ == "__main__":
  print(DTYPE, BLOCK, APPROX, jax.jit(expp1)(jnp.zeros((N,), DTYPE))[:4])
''',
    "bit_length_swizzle": r'''
"""A swizzled bf16 TMA round trip; the swizzle is the largest power of two under the row's bytes, by int.bit_length."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

DTYPE = jnp.bfloat16
ROW_BYTES = 200
SWIZZLE = min(1 << (ROW_BYTES.bit_length() - 1), 128)
COLS = SWIZZLE // jnp.dtype(DTYPE).itemsize
ROWS = (0b11).bit_count() * 32
TRANSFORMS = (plgpu.TilingTransform((8, COLS)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + jnp.asarray(1, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


inc = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(SWIZZLE, (ROWS, COLS), jax.jit(inc)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "median_low_pipeline": r'''
"""A 2-D emit_pipeline of a ReLU; the block is chosen by statistics.median_low / mode over measured candidates."""
import statistics

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

MEASURED_ROWS = {64: 3.1, 128: 2.4, 256: 2.9, 32: 4.0}
VOTES_COLS = [128, 64, 128]
BLOCK = (statistics.median_low(sorted(MEASURED_ROWS)), statistics.mode(VOTES_COLS))
SHAPE = (256, 256)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])
DEPTH = 2


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, o_smem):
    o_smem[...] = jnp.maximum(x_smem[...], 0.0)

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, o_gmem)


def relu(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  print(BLOCK, GRID, jax.jit(relu)(-jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "timedelta_steps": r'''
"""A 1-D emit_pipeline over row blocks; steps and block rows are datetime.timedelta arithmetic."""
import datetime

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

WINDOW = datetime.timedelta(minutes=4)
STEP = datetime.timedelta(seconds=60)
STEPS = WINDOW // STEP
BLOCK_ROWS = int(STEP.total_seconds()) + 4
COLS = 128


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec((BLOCK_ROWS, COLS), lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * 2.0 - 1.0

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, o_gmem)


def affine(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  print(STEPS, BLOCK_ROWS, jax.jit(affine)(jnp.ones((STEPS * BLOCK_ROWS, COLS), jnp.float32)).sum())
''',
    "memoryview_strided": r'''
"""A tile plus a row ramp in a WG_STRIDED layout; the shape is a memoryview cast's shape and the vector width its length."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

VIEW = memoryview(bytes(64 * 128)).cast("B", shape=[64, 128])
SHAPE = tuple(VIEW.shape)
VEC = len(memoryview(bytes(8)).cast("I"))
LAYOUT = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  ramp = plgpu.layout_cast(jax.lax.broadcasted_iota(jnp.float32, SHAPE, 0), LAYOUT)
  o_ref[...] = load_as(x_ref, LAYOUT) + ramp


add_ramp = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(SHAPE, VEC, jax.jit(add_ramp)(jnp.zeros(SHAPE, jnp.float32))[:4, 0])
''',
    "base64_vector_clip": r'''
"""A bf16 tile loaded in a WG_STRIDED layout and clipped; shape and vector width are base64 bytes, the dtype a hex code."""
import base64
import binascii

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

PACKED = "gIAI"
ROWS, COLS, VEC = base64.b64decode(PACKED)
DTYPE_CODE = binascii.unhexlify("6266").decode()
DTYPE = {"bf": jnp.bfloat16, "hf": jnp.float16, "fp": jnp.float32}[DTYPE_CODE]
SHAPE = (ROWS, COLS)


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  x = load_as(x_ref, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)).astype(jnp.float32)
  o_ref[...] = jnp.clip(x, -1.0, 1.0).astype(DTYPE)


clip = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(SHAPE, VEC, jax.jit(clip)(jnp.full(SHAPE, 3, DTYPE)).sum())
''',
    "format_map_roles": r'''
"""A producer / consumer pair with set_max_registers; thread axis and register counts come from str.format_map."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SPEC = "{axis}:{low}:{high}:{threads}"
VALUES = {"axis": "role", "low": 40, "high": 232, "threads": 2}
AXIS, LOW, HIGH, THREADS = SPEC.format_map(VALUES).split(":")
LOW, HIGH, THREADS = int(LOW), int(HIGH), int(THREADS)
SHAPE = (128, 128)


def kernel(x_gmem, o_gmem, stage, loaded, ready):
  who = lax.axis_index(AXIS)

  @pl.when(who == 0)
  def _producer():
    plgpu.set_max_registers(LOW, action="decrease")
    plgpu.copy_gmem_to_smem(x_gmem, stage, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_arrive(ready)

  @pl.when(who == 1)
  def _consumer():
    plgpu.set_max_registers(HIGH, action="increase")
    plgpu.barrier_wait(ready)
    stage[...] = stage[...] * stage[...]
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(stage, o_gmem)
    plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier(), plgpu.Barrier()],
                      num_threads=THREADS, thread_name=AXIS)

if __name__ == "__main__":
  print(AXIS, LOW, HIGH, jax.jit(square)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "bool_len_swizzle": r'''
"""A swizzled f16 TMA round trip; a Swizzle's __bool__ decides whether transforms apply, a Rows's __len__ gives the rows."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Swizzle:
  def __init__(self, nbytes):
    self.nbytes = nbytes

  def __bool__(self):
    return self.nbytes > 0


class Rows:
  def __init__(self, *blocks):
    self.blocks = blocks

  def __len__(self):
    return sum(self.blocks)


SW = Swizzle(64)
DTYPE = jnp.float16
ROWS = len(Rows(32, 32))
if SW:
  COLS = SW.nbytes // jnp.dtype(DTYPE).itemsize
  TRANSFORMS = (plgpu.TilingTransform((8, COLS)), plgpu.SwizzleTransform(SW.nbytes))
else:
  COLS = 64
  TRANSFORMS = ()


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
  print(bool(SW), (ROWS, COLS), jax.jit(twice)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "hash_eq_table": r'''
"""A 2-D emit_pipeline over two inputs; the block is looked up in a dict keyed by a class with __eq__ / __hash__."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Key:
  def __init__(self, dtype, inputs):
    self.dtype, self.inputs = dtype.lower(), inputs

  def __eq__(self, other):
    return (self.dtype, self.inputs) == (other.dtype, other.inputs)

  def __hash__(self):
    return hash((self.dtype, self.inputs))

  def __repr__(self):
    return f"Key({self.dtype!r}, {self.inputs})"


BLOCKS = {Key("F32", 2): (64, 64), Key("F16", 2): (64, 128), Key("F32", 1): (128, 128)}
BLOCK = BLOCKS[Key("f32", 2)]
SHAPE = (256, 256)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = pl.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == "__main__":
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK, GRID, jax.jit(sub)(x, x).sum())
''',
    "getitem_sequence_slots": r'''
"""Row parts staged over an array of barriers; slots and part rows unpack from a class with only __getitem__."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Plan:
  _values = (4, 32)

  def __getitem__(self, i):
    return self._values[i]


SLOTS, PART = Plan()
ROWS, COLS = SLOTS * PART, 128


def kernel(x_gmem, o_gmem, smem, bars):
  for i in range(SLOTS):
    rows = pl.ds(i * PART, PART)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[i])
  for i in range(SLOTS):
    plgpu.barrier_wait(bars.at[i])
  smem[...] = smem[...] * 3.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


triple = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=SLOTS)],
)

if __name__ == "__main__":
  print(list(Plan()), jax.jit(triple)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}


KERNELS_B: dict[str, str] = {
    "while_else_chunks": r'''
"""A tile loaded in row chunks onto one barrier with an arrival per chunk; the chunk count is found by while / break / else."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 128, 64
LIMIT = 48
n = 1
while n <= ROWS:
  if ROWS // n <= LIMIT:
    break
  n *= 2
else:
  raise ValueError(f"no chunking of {ROWS} rows fits {LIMIT}")
CHUNKS = n
PART = ROWS // CHUNKS


def kernel(x_gmem, o_gmem, smem, bar):
  for c in range(CHUNKS):
    rows = pl.ds(c * PART, PART)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] - 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


dec = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_arrivals=CHUNKS)],
)

if __name__ == "__main__":
  print(CHUNKS, PART, jax.jit(dec)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "try_finally_fori": r'''
"""A lax.fori_loop accumulation in a kernel; steps, scale and size are popped from a settings dict by try / finally with del."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SETTINGS = {"steps": 4, "scale": 0.5, "n": 256, "debug": True}


def take(name):
  try:
    return SETTINGS[name]
  finally:
    del SETTINGS[name]


STEPS = take("steps")
SCALE = take("scale")
N = take("n")
assert list(SETTINGS) == ["debug"], SETTINGS


def kernel(x_ref, o_ref):
  def body(i, acc):
    return acc * SCALE + x

  x = x_ref[...]
  o_ref[...] = lax.fori_loop(0, STEPS, body, x * 0.0)


accumulate = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((N,), jnp.float32))

if __name__ == "__main__":
  print(STEPS, SCALE, jax.jit(accumulate)(jnp.ones((N,), jnp.float32))[:4])
''',
    "difflib_multimem": r'''
"""Device 0 broadcasts a tile with multimem_store; the mesh axis is the closest name to a request by difflib."""
import difflib

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
KNOWN_AXES = ["devices", "replicas", "stages"]
AXIS = difflib.get_close_matches("device", KNOWN_AXES, n=1)[0]
SIZE = 2
ROWS, COLS = 128, 64
DTYPE = jnp.float32


def kernel(y_ref, sem):
  me = lax.axis_index(AXIS)

  @pl.when(me == 0)
  def _root():
    tile = plgpu.layout_cast(jnp.full((ROWS, COLS), 1.5, DTYPE), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, (AXIS,))

  pl.semaphore_signal(sem, 1, device_id=1 - me)
  pl.semaphore_wait(sem)


def broadcast():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == "__main__":
  mesh = jax.make_mesh((SIZE,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(broadcast, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(AXIS, fn().shape)
''',
    "formatter_parse_reduce": r'''
"""An int32 max all-reduce with multimem_load_reduce; axis, op, dtype and vector width are string.Formatter().parse fields."""
import string

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
PATTERN = "reduce over {x} by {max} as {int32} in vectors of {4}"
FIELDS = [field for _, field, _, _ in string.Formatter().parse(PATTERN) if field]
AXIS, OP, DTYPE_NAME, VEC_TEXT = FIELDS
DTYPE = jnp.dtype(DTYPE_NAME)
VEC = int(VEC_TEXT)
DEVICES = 2
SHAPE = (128, 128)


def kernel(x_ref, y_ref, sem):
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op=OP),
      plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
  )
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def allmax(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allmax, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(FIELDS, fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), DTYPE)).shape)
''',
    "compress_dropwhile_signal": r'''
"""A device barrier by semaphore_signal_multicast over a 2-D mesh; axes by itertools.compress, sizes by dropwhile."""
import itertools
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
NAMES = ["rack", "host", "chip", "core"]
USED = [0, 1, 1, 0]
AXES = tuple(itertools.compress(NAMES, USED))
SIZES = [1, 1, 2, 2, 4]
MESH_SHAPE = tuple(itertools.islice(itertools.dropwhile(lambda s: s < 2, SIZES), len(AXES)))
PAIRS = list(itertools.combinations(AXES, 2))
assert PAIRS == [AXES], PAIRS
DEVICES = math.prod(MESH_SHAPE)


def kernel(x_ref, o_ref, sem):
  o_ref[...] = x_ref[...] * 2.0
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
  pl.semaphore_wait(sem, DEVICES)


def sync_double(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == "__main__":
  mesh = jax.make_mesh(MESH_SHAPE, AXES, axis_types=(jax.sharding.AxisType.Auto,) * len(AXES))
  spec = P(AXES)
  fn = jax.jit(jax.shard_map(sync_double, mesh=mesh, in_specs=spec, out_specs=spec, check_vma=False))
  print(AXES, MESH_SHAPE, fn(jnp.ones((DEVICES * 128, 64), jnp.float32)).shape)
''',
    "userdict_reduce": r'''
"""A row reduction of a WGMMA-layout tile; sizes live in a collections.UserDict whose __setitem__ rounds them up to 64."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Aligned(collections.UserDict):
  def __setitem__(self, key, value):
    if isinstance(value, int):
      value = -(-value // 64) * 64
    super().__setitem__(key, value)


CFG = Aligned(rows=100, cols=60)
CFG["reduce"] = "max"
SHAPE = (CFG["rows"], CFG["cols"])


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, o_ref):
  o_ref[...] = getattr(jnp, CFG["reduce"])(load_as(x_ref, plgpu.Layout.WGMMA), axis=1)


reduce_rows = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((SHAPE[0],), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(dict(CFG), jax.jit(reduce_rows)(jnp.ones(SHAPE, jnp.float32))[:4])
''',
    "kw_only_ws_pipeline": r'''
"""A warp-specialized pipeline over row blocks; its settings are a dataclass with a dataclasses.KW_ONLY marker."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass
class WsPlan:
  rows: int
  block_rows: int
  _: dataclasses.KW_ONLY
  cols: int = 64
  depth: int = 2
  compute_wgs: int = 1
  memory_registers: int = 40
  axis: str = "wg"


PLAN = WsPlan(256, 128, depth=2)
STEPS = PLAN.rows // PLAN.block_rows


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec((PLAN.block_rows, PLAN.cols), lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] + 3.0

  plgpu.emit_pipeline_warp_specialized(
      body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
      max_concurrent_steps=PLAN.depth, num_compute_wgs=PLAN.compute_wgs,
      memory_registers=PLAN.memory_registers, wg_axis=PLAN.axis,
  )(x_gmem, o_gmem)


def add3(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=PLAN.compute_wgs + 1, thread_name=PLAN.axis)(x)


if __name__ == "__main__":
  print(PLAN, jax.jit(add3)(jnp.ones((PLAN.rows, PLAN.cols), jnp.float32)).sum())
''',
    "protocol_cluster_barrier": r'''
"""Each CTA of a cluster scales its half and meets its peer on a ClusterBarrier; a runtime_checkable Protocol picks the cluster."""
import typing

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@typing.runtime_checkable
class Clustered(typing.Protocol):
  def cluster_size(self) -> int: ...

  def axis(self) -> str: ...


class Duo:
  def cluster_size(self):
    return 2

  def axis(self):
    return "duo"


class Solo:
  def size(self):
    return 1


def plan(obj):
  if isinstance(obj, Clustered):
    return obj.cluster_size(), obj.axis()
  return 1, "solo"


CLUSTER, AXIS = plan(Duo())
ROWS, COLS = 128, 64
PART = ROWS // CLUSTER


def kernel(x_gmem, o_gmem, smem, bar, peers):
  rows = pl.ds(lax.axis_index(AXIS) * PART, PART)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * 0.25
  plgpu.barrier_arrive(peers)
  plgpu.barrier_wait(peers)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


quarter = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((PART, COLS), jnp.float32), plgpu.Barrier(),
                   plgpu.ClusterBarrier(collective_axes=(AXIS,))],
    grid=(CLUSTER,),
    grid_names=("cta",),
    cluster=(CLUSTER,),
    cluster_names=(AXIS,),
)

if __name__ == "__main__":
  print(CLUSTER, AXIS, jax.jit(quarter)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "getattribute_split_store": r'''
"""A staged tile stored as head and tail outputs in one TMA group; sizes come through a __getattribute__ override."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Settings:
  rows = 128

  def __getattribute__(self, name):
    try:
      return object.__getattribute__(self, name)
    except AttributeError:
      return {"cols": 64, "head": 48, "tail": 80, "dtype": "float32"}[name]


S = Settings()
ROWS, COLS, HEAD, TAIL = S.rows, S.cols, S.head, S.tail
DTYPE = jnp.dtype(S.dtype)


def kernel(x_gmem, head_gmem, tail_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + 2.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem.at[pl.ds(0, HEAD)], head_gmem, commit_group=False)
  plgpu.copy_smem_to_gmem(smem.at[pl.ds(HEAD, TAIL)], tail_gmem, commit_group=False)
  plgpu.commit_smem_to_gmem_group()
  plgpu.wait_smem_to_gmem(0)


def split(x):
  outs = (jax.ShapeDtypeStruct((HEAD, COLS), DTYPE), jax.ShapeDtypeStruct((TAIL, COLS), DTYPE))
  return plgpu.kernel(kernel, out_type=outs,
                      scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE), plgpu.Barrier()])(x)


if __name__ == "__main__":
  print([o.shape for o in jax.jit(split)(jnp.ones((ROWS, COLS), DTYPE))])
''',
    "int_subclass_blocks": r'''
"""A blocked square-plus-one of a vector over a 1-D grid; block and length are an int subclass whose __new__ rounds up."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class RoundedUp(int):
  def __new__(cls, value, multiple=128):
    return super().__new__(cls, -(-value // multiple) * multiple)


BLOCK = RoundedUp(200)
N = RoundedUp(3000, multiple=1024)
assert N % BLOCK == 0, (N, BLOCK)


def kernel(x_ref, o_ref):
  win = pl.ds(lax.axis_index("blk") * BLOCK, BLOCK)
  x = x_ref[win]
  o_ref[win] = x * x + 1.0


sq1 = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((N,), jnp.float32), grid=(N // BLOCK,),
                   grid_names=("blk",))

if __name__ == "__main__":
  print(int(BLOCK), int(N), jax.jit(sq1)(jnp.ones((N,), jnp.float32))[:4])
''',
    "reversed_stages_pipeline": r'''
"""An emit_pipeline over swizzled f16 blocks; swizzle and block rows are read off a Stages class's __reversed__."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Stages:
  def __init__(self, *sizes):
    self.sizes = sizes

  def __iter__(self):
    return iter(self.sizes)

  def __reversed__(self):
    return iter(sorted(self.sizes, reverse=True))


STAGES = Stages(32, 64, 128)
SWIZZLE = next(reversed(STAGES))
BLOCK_COLS = SWIZZLE // 2
BLOCK_ROWS = next(s for s in reversed(STAGES) if s <= 64)
ROWS, COLS = 256, 384
TRANSFORMS = (plgpu.TilingTransform((8, BLOCK_COLS)), plgpu.SwizzleTransform(SWIZZLE))
GRID = (ROWS // BLOCK_ROWS, COLS // BLOCK_COLS)


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec((BLOCK_ROWS, BLOCK_COLS), lambda i, j: (i, j), transforms=TRANSFORMS)

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] + jnp.asarray(1.0, jnp.float16)

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec], out_specs=[spec], max_concurrent_steps=2)(x_gmem, o_gmem)


def inc(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  print(SWIZZLE, (BLOCK_ROWS, BLOCK_COLS), jax.jit(inc)(jnp.ones((ROWS, COLS), jnp.float16)).sum())
''',
    "plistlib_wgmma_load": r'''
"""A swizzled bf16 tile read into the WGMMA register layout and widened; dtype, shape and swizzle are a plistlib document."""
import plistlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

DOC = b"""<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>dtype</key><string>bf16</string>
<key>shape</key><array><integer>64</integer><integer>64</integer></array>
<key>swizzle</key><integer>128</integer>
</dict></plist>
"""
CFG = plistlib.loads(DOC)
DTYPE = {"bf16": jnp.bfloat16, "f16": jnp.float16, "f32": jnp.float32}[CFG["dtype"]]
SHAPE = tuple(CFG["shape"])
SWIZZLE = CFG["swizzle"]
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def load_as(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # releases before 0.11 take an index
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_gmem, o_ref, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  o_ref[...] = load_as(smem, plgpu.Layout.WGMMA).astype(jnp.float32) * 2.0


widen = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(CFG, jax.jit(widen)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "ipaddress_remote_store": r'''
"""Each device stores its block into its peer's output with remote_ref; device count and tile sizes are ipaddress networks."""
import ipaddress

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
DEVICES = ipaddress.ip_network("10.0.0.0/31").num_addresses
ROWS = ipaddress.ip_network("10.0.0.0/29").num_addresses
COLS = ipaddress.ip_network("10.0.0.0/25").num_addresses
AXIS = "x"


def kernel(x_ref, y_ref, recv_sem):
  peer = 1 - lax.axis_index(AXIS)
  peer_y = plgpu.remote_ref(y_ref, peer)
  peer_y[...] = x_ref[...] + 1.0
  pl.semaphore_signal(recv_sem, device_id=peer)
  pl.semaphore_wait(recv_sem)


def body(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
      scratch_types=[plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
}


# Adapted from tests/pallas/mosaic_gpu_test.py and gpu_pallas_distributed_test.py at the mirror's HEAD (cec06d116c05;
# test names in each docstring): the test's kernel kept with its first parameter set, its self.kernel /
# self.pallas_call harness rewritten as a plain plgpu.kernel launch under the semantics its test class's harness sets
# (Lane for every class taken here), and a __main__ driver.
PALLAS_CALL = r'''

def pallas_call(body, *, out_shape, in_specs=(), out_specs=(), scratch_shapes=(), grid=()):
  # Host adaptation: the test harness's self.pallas_call (a plgpu.kernel around an emit_pipeline over `grid` that
  # stages each operand as its BlockSpec says), under the test class's Lane semantics.
  num_outputs = len(jax.tree.leaves(out_shape))
  grid = (grid,) if isinstance(grid, int) else tuple(grid)

  def wrapper(*refs):
    split = len(refs) - len(scratch_shapes)
    gmem_refs, scratch_refs = refs[:split], refs[split:]
    ins = list(in_specs) if isinstance(in_specs, (list, tuple)) else [in_specs]
    outs = list(out_specs) if isinstance(out_specs, (list, tuple)) else [out_specs]
    ins = ins or [pl.BlockSpec()] * (len(gmem_refs) - num_outputs)
    outs = outs or [pl.BlockSpec()] * num_outputs
    plgpu.emit_pipeline(lambda _, *args: body(*args, *scratch_refs), grid=grid, in_specs=ins,
                        out_specs=outs)(*gmem_refs)

  return plgpu.kernel(
      wrapper,
      out_type=out_shape,
      scratch_types=scratch_shapes,
      compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
  )
'''

LANE = "plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)"

KERNELS_JAX: dict[str, str] = {
    "jax_add_one_grid_with_scratch": r'''
"""mosaic_gpu_test.py PallasCallTest.test_add_one_grid_with_scratch: a 2-step grid staging each block through SMEM scratch."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct([128 * 2], jnp.float32),
    in_specs=[pl.BlockSpec((128,), lambda *i: i)],
    out_specs=pl.BlockSpec((128,), lambda *i: i),
    scratch_shapes=[plgpu.SMEM((128,), jnp.float32)],
    grid=2,
)
def kernel(x_ref, o_ref, scratch_ref):
  scratch_ref[...] = x_ref[...] + 1
  o_ref[...] = scratch_ref[...]


if __name__ == "__main__":
  x = jnp.arange(256).astype(jnp.float32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_barrier_repeated_indexing": r'''
"""mosaic_gpu_test.py PallasCallTest.test_barrier_repeated_indexing: an arrive on a twice-sliced barrier array."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
    scratch_shapes=[plgpu.Barrier(num_barriers=4)],
)
def kernel(o_ref, barrier_ref):
  b = barrier_ref.at[2:4].at[1:2]
  plgpu.barrier_arrive(b)
  plgpu.barrier_wait(barrier_ref.at[3])
  o_ref[...] = jnp.ones_like(o_ref)


if __name__ == "__main__":
  print(jax.jit(kernel)().shape)
''',
    "jax_copy_gmem_to_smem_with_indexed_barrier": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_gmem_to_smem_with_indexed_barrier (indexer=0, num_barriers=4): a copy onto one barrier of four."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

indexer, num_barriers = 0, 4


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
def kernel(x_ref_gmem, o_ref, scratch_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(
      x_ref_gmem, scratch_ref, barrier_ref.at[indexer]
  )
  plgpu.barrier_wait(barrier_ref.at[indexer])
  o_ref[...] = scratch_ref[...] + 1


kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([128], jnp.float32),
    scratch_types=[
        plgpu.SMEM((128,), jnp.float32),
        plgpu.Barrier(num_barriers=num_barriers),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  x = jnp.arange(128).astype(jnp.float32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_scalar_broadcast": r'''
"""mosaic_gpu_test.py PallasCallTest.test_scalar_broadcast: an int32 scalar broadcast to a 128-vector."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
def kernel(o_ref):
  o_ref[...] = jnp.broadcast_to(jnp.array(42, dtype=jnp.int32), (128,))


kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128,), jnp.int32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(kernel)().shape)
''',
    "jax_fori_loop_tuple": r'''
"""mosaic_gpu_test.py PallasCallTest.test_fori_loop_tuple (force_while=False): a fori_loop over a tuple carry with lax.cond."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


def _fori_loop(force_while: bool, lb, ub, body, init):
  if force_while:
    # using jnp.asarray make the matcher for while or scan to think
    # that the bounds are dynamic and forces the use of the while
    # primitive.
    lb, ub = jnp.asarray(lb), jnp.asarray(ub)
  return jax.lax.fori_loop(lb, ub, body, init)


force_while = False


@functools.partial(
    pallas_call, out_shape=jax.ShapeDtypeStruct([256], jnp.int32)
)
def kernel(o_ref):
  def body(step, xs):
    return tuple(
        jax.lax.cond(step % 2 == 0, lambda x: x + 1, lambda x: x, x)
        for x in xs
    )

  # Equivalent to 3 * (0 + 1).
  o_ref[...] = jax.lax.broadcast(
      sum(_fori_loop(force_while, 2, 4, body, (jnp.int32(0),) * 3)),
      o_ref.shape,
  )


if __name__ == "__main__":
  print(jax.jit(kernel)().shape)
''',
    "jax_cond_returning_array": r'''
"""mosaic_gpu_test.py PallasCallTest.test_cond_returning_array: a lax.cond returning a scalar and an array."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


def _sum_same_dtype(x):
  # TODO(slebedev): Remove this once ``FragmentedArray`` supports
  # ``reduce_sum`` for non-32-bit types.
  return jnp.sum(x, dtype=x.dtype)


@functools.partial(
    pallas_call, out_shape=jax.ShapeDtypeStruct([256], jnp.int32)
)
def kernel(x_ref, o_ref):
  acc_sum = _sum_same_dtype(x_ref[...])
  acc2, acc = jax.lax.cond(
      acc_sum % 2 == 0,
      lambda: (acc_sum * 2, x_ref[...]),
      lambda: (acc_sum, x_ref[...]),
  )
  o_ref[...] = jnp.broadcast_to(_sum_same_dtype(acc) + acc2, o_ref.shape)


if __name__ == "__main__":
  x = jnp.arange(256, dtype=jnp.int32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_tile_slicing": r'''
"""mosaic_gpu_test.py PallasCallTest.test_tile_slicing: uint16 64x64 tiles of a swizzled block summed in a fori_loop."""
import functools
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


def default_transforms(*, swizzle=128, dtype):
  # The test harness's self.default_transforms.
  swizzle_elems = 8 * swizzle // (jnp.dtype(dtype).itemsize * 8)
  return (plgpu.TilingTransform((8, swizzle_elems)), plgpu.SwizzleTransform(swizzle))


def _fori_loop(force_while: bool, lb, ub, body, init):
  if force_while:
    lb, ub = jnp.asarray(lb), jnp.asarray(ub)
  return jax.lax.fori_loop(lb, ub, body, init)


shape = (256, 128)
block_spec = plgpu.BlockSpec(
    transforms=default_transforms(dtype=jnp.uint16)
)


@functools.partial(
    pallas_call,
    in_specs=[block_spec],
    out_specs=block_spec,
    out_shape=jax.ShapeDtypeStruct((64, 64), jnp.uint16),
)
def kernel(x_ref, o_ref):
  def sum_tiles(row, acc):
    row_slice = pl.ds(row * 64, 64)
    for col in range(128 // 64):
      acc += x_ref[row_slice, pl.ds(col * 64, 64)]
    return acc
  acc = plgpu.layout_cast(jnp.zeros((64, 64), jnp.uint16), plgpu.Layout.WGMMA)
  o_ref[...] = _fori_loop(False, 0, 256 // 64, sum_tiles, acc)


if __name__ == "__main__":
  x = jnp.arange(math.prod(shape), dtype=jnp.uint16).reshape(shape)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_emit_with_2d_grid": r'''
"""mosaic_gpu_test.py PipelineTest.test_emit_with_2d_grid (static=False, short=False): a 4x5 emit_pipeline of 3-D blocks."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

static, short = False, False
num_steps1 = 4
num_steps2 = 5
if short:
  num_steps1 = num_steps2 = 1


def kernel(x_gmem, o_gmem):
  grid = (num_steps1, num_steps2)
  if static:
    grid = jax.tree.map(jnp.asarray, grid)

  plgpu.emit_pipeline(
      kernel_body,
      in_specs=[pl.BlockSpec((32, 16, 8), lambda i, j: (0, i, j))],
      out_specs=[pl.BlockSpec((32, 16, 8), lambda i, j: (0, i, j))],
      grid=grid,
      max_concurrent_steps=2,
  )(x_gmem, o_gmem)


def kernel_body(_, x_smem, o_smem):
  o_smem[...] = x_smem[...] + 1.0


x = jnp.arange(32 * num_steps1 * 16 * num_steps2 * 8)
x = x.reshape(-1, num_steps1 * 16, num_steps2 * 8).astype(jnp.float32)
# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(kernel_fn)(x).shape)
''',
    "jax_pipelined_copy": r'''
"""mosaic_gpu_test.py WarpSpecializedPipelineTest.test_pipelined_copy (512, 512, repeats=1, manual_consumed_barriers=False, max_concurrent_steps=2)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax._src.pallas.mosaic_gpu import pipeline as mgpu_pipeline

m, n, repeats, manual_consumed_barriers, max_concurrent_steps = 512, 512, 1, False, 2
blk_m = blk_n = 32


def copy_kernel(_, x_smem, o_smem, o_last_block_smem, *consumed_barriers):
  o_smem[...] = x_smem[...]
  o_last_block_smem[...] = x_smem[...]
  if manual_consumed_barriers:
    [x_barrier] = consumed_barriers
    plgpu.barrier_arrive(x_barrier)


spec = pl.BlockSpec(
    block_shape=(2 * blk_m, blk_n), index_map=lambda i, j: (i, j)
)


def body(*gmem_refs):
  pipeline = mgpu_pipeline.emit_pipeline_warp_specialized(
      copy_kernel,
      grid=(m // (2 * blk_m), n // blk_n),
      memory_registers=40,
      max_concurrent_steps=max_concurrent_steps,
      num_compute_wgs=1,
      wg_axis="wg",
      manual_consumed_barriers=manual_consumed_barriers,
      in_specs=[spec],
      out_specs=[
          spec,
          # Create an index-invariant output.
          pl.BlockSpec(
              block_shape=(2 * blk_m, blk_n), index_map=lambda i, j: (0, 0)
          ),
      ],
  )
  for _ in range(repeats):
    pipeline(*gmem_refs)  # Make sure we can run the pipeline multiple times


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
kernel = plgpu.kernel(
    body,
    out_type=(
        jax.ShapeDtypeStruct((m, n), jnp.float16),
        jax.ShapeDtypeStruct((2 * blk_m, blk_n), jnp.float16),
    ),
    compiler_params=plgpu.CompilerParams(approx_math=True, lowering_semantics=plgpu.LoweringSemantics.Lane),
    num_threads=2,
    thread_name="wg",
)

if __name__ == "__main__":
  x = jax.random.uniform(jax.random.key(0), (m, n), dtype=jnp.float16)
  out, out_last_block = jax.jit(kernel)(x)
  print(out.shape, out_last_block.shape)
''',
    "jax_core_map_multiple_wg": r'''
"""mosaic_gpu_test.py CoreMapTest.test_multiple_wg: two warpgroups each write their index row."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
def kernel(o_ref):
  wg_idx = jax.lax.axis_index("wg")
  o_ref[wg_idx] = jnp.broadcast_to(wg_idx, (128,))


kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((2, 128), np.int32),
    num_threads=2,
    thread_name="wg",
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  print(jax.jit(kernel)().shape)
''',
    "jax_wait_twice": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_wait_twice: one signal of 2 to the peer, two waits."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(y_ref, sem):
  other_dev_id = 1 - lax.axis_index('x')
  pl.semaphore_signal(sem, 2, device_id=other_dev_id)
  pl.semaphore_wait(sem)
  pl.semaphore_wait(sem)
  y_ref[...] = jnp.ones_like(y_ref)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_types=[plgpu.SemaphoreType.REGULAR],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  y = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=P(None), check_vma=False,
      )
  )()
  print(y.shape)
''',
    "jax_signal_parallel": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_signal_parallel: two semaphores signalled to the peer at once."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(y_ref, sem, sem2):
  other_dev_id = 1 - lax.axis_index('x')
  plgpu.semaphore_signal_parallel(
      plgpu.SemaphoreSignal(sem, device_id=other_dev_id),
      plgpu.SemaphoreSignal(sem2, device_id=other_dev_id),
  )
  pl.semaphore_wait(sem)
  pl.semaphore_wait(sem2)
  y_ref[...] = jnp.ones_like(y_ref)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_types=[plgpu.SemaphoreType.REGULAR] * 2,
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  y = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=P(None), check_vma=False,
      )
  )()
  print(y.shape)
''',
    "jax_multimem_store_regs": r'''
"""gpu_pallas_distributed_test.py PallasCallMultimemTest.test_multimem_store_regs: device 0 multimem_stores an iota tile."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(y_ref, sem):
  @pl.when(lax.axis_index('x') == 0)
  def _store():
    output = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)
    plgpu.multimem_store(output, y_ref, 'x')
  other_dev_id = 1 - lax.axis_index('x')
  pl.semaphore_signal(sem, 1, device_id=other_dev_id)
  pl.semaphore_wait(sem)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32),
    scratch_types=[plgpu.SemaphoreType.REGULAR],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == "__main__":
  mesh = jax.sharding.Mesh(jax.devices()[:2], ["x"])
  y = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=P("x"), check_vma=False,
      )
  )()
  # The test's process_allgather and comparison need the run; the kernel is only lowered.
  print(y.shape)
''',
}


KERNELS: dict[str, str] = {**KERNELS_A, **KERNELS_B}


def bases() -> list[tuple[str, str, str, list[tuple[int, int]]]]:
    """(part, stem, text, line ranges a mutant may edit) of each base: the whole file."""
    out = []
    for part, table in (("user", KERNELS), ("jax", KERNELS_JAX)):
        texts = {name: text.removeprefix("\n") for name, text in table.items()}
        out += [(part, name, text, [(1, text.count("\n") + 1)]) for name, text in sorted(texts.items())]
    return out


def main() -> None:
    _famheld.capped_mutation_cli(__doc__, "famheld13", bases(), famheld13_mutants, seed=2311)


if __name__ == "__main__":
    main()
