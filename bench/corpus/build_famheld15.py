"""Build the fifteenth held-out families corpus `famheld15`, written blind: user-style Mosaic GPU kernels written for
this set (no earlier set, `families`, `famheld` ... `famheld14`, used them), bases adapted from JAX's own tests that no
earlier set took, and one-edit mutants of them by famheld15_mutate.py (operators written from JAX's own checks, blind
to the checker: nothing under server/, tests/, docs/rules*, docs/design.md or CHANGELOG.md was read, and neither
pallas-lsp nor score.py / score_families.py was run).

usage: build_famheld15.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld15/user/NAME.py  the kernels of KERNELS_A / KERNELS_B, written for this set (2-space indents, single-quoted
                          strings). What is new against famheld ... famheld14 (checked by a script that greps every
                          earlier kernel text, i.e. the string constants of bench/corpus/build*.py, the *_mutate.py
                          files and bench/corpus/idioms*/, for each mechanism, and by an AST count over the same texts
                          for the language forms) is the Python that carries the values the kernel depends on: host
                          numpy (np.meshgrid + a boolean mask + ndarray.argmax, np.log2 / np.ceil / astype,
                          np.bincount(minlength=), np.polyval, np.median, np.arange with a step, np.setdiff1d /
                          np.isin), the standard library (struct.iter_unpack, struct.unpack_from(offset=), math.dist as
                          a min key, enum.member, dict key-view difference with min(default=), math.log with a base,
                          zip(x, x[1:]), complex arithmetic with .conjugate() and 1j) and language forms (an async
                          comprehension over an async generator run by asyncio.run, a generator's GeneratorExit
                          handler run by close(), int's unbound dunder int.__floordiv__ through map, a list
                          comprehension with two for and two if clauses, one with statement holding two context
                          managers, a float subclass with a method).
  famheld15/jax/NAME.py   tests that no earlier set took as a base (checked by a script against the test names in
                          every bench/corpus builder / mutator and every /work/*/manifest.json): of
                          tests/pallas/mosaic_gpu_test.py (mirror HEAD cec06d116c05) PallasCallTest.test_multiple_of,
                          test_comparison_op (op=lax.eq, dtype=float32), test_add_one_grid_pipelined_program_id,
                          test_add_one_grid_pipelined_sequential_invariant_output,
                          test_copy_smem_to_gmem_explicit_commit_group (use_single_warp=True),
                          test_kernel_scratch_kwargs (vmap=True), test_gmem_to_smem_with_multiple_smem_indexers,
                          test_indexing_before_transpose, test_get_swap_with_transforms ((1, 32) tiling, 128 swizzle),
                          test_run_scoped_in_cond, test_program_id_in_block_spec; PipelineTest.
                          test_emit_with_parallel_grid; WarpSpecializedPipelineTest.test_different_delay_release;
                          CoreMapTest.test_multiple_wg_with_squashed_grid; of
                          tests/pallas/gpu_pallas_distributed_test.py PallasCallMultimemTest.
                          test_multimem_store_scalar and PallasCallRemoteDMATest.test_remote_dma_dynamic_index. Also
                          built, and dropped at stage 2 (below): PallasCallTest.test_copy_gmem_to_smem_predicate,
                          test_smem_gmem_transposed_copies (tiling=None) and
                          test_gmem_to_smem_with_multiple_smem_indexers_and_transforms. Each keeps the test's kernel
                          and first parameter set, its self.kernel / self.pallas_call harness rewritten as a plain
                          plgpu.kernel launch under the test class's Lane semantics. Host adaptations, each commented
                          where it is made: the harness's self.pallas_call for grid=() written out (PALLAS_CALL, as
                          famheld14), the harness's self.pallas_call for a grid written out (PALLAS_CALL_GRID: the
                          parallel dimensions a plgpu.kernel grid, the sequential ones an emit_pipeline, with the
                          harness's pallas_core.grid_env so pl.program_id works), self.default_transforms copied
                          (DEFAULT_TRANSFORMS), the test's mgpu_pipeline module as plgpu, decorator launches written
                          as plain assignments, the numerical checks (and the distributed tests' comparisons) dropped
                          (kernels are only lowered).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for CUDA, never
compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld15).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to --per-base operators,
the ones the earlier bases got least first, and up to --per-op mutants of each, sampled with a fixed seed (an operator
for at most --max-per-op bases; build_famheld.capped_mutation_cli); edits anywhere in the file but the docstring line.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld15_dropped.json.

Stage-1 fixes of my own bugs (first labelling, /work/famheld15-out): every user base lowered clean on 0.10.2, 0.11.2
and 0.12.0.1 as first written. My first adaptation of the four gridded pallas_call tests
(test_add_one_grid_pipelined_program_id, test_add_one_grid_pipelined_sequential_invariant_output,
test_program_id_in_block_spec, test_gmem_to_smem_with_multiple_smem_indexers_and_transforms) launched them through a
plain pl.pallas_call with Mosaic GPU CompilerParams, which 0.11.2 / 0.12.0.1 refused with a bare AssertionError at the
launch; they were rewritten with the test harness's own grid handling written out (PALLAS_CALL_GRID, above) and then
lowered clean, except the last (below). Three adapted tests did not lower clean as JAX wrote them and were dropped by
stage 2 (famheld15_dropped.json): test_copy_gmem_to_smem_predicate (0.10.2: "copy_gmem_to_smem() got an unexpected
keyword argument 'predicate'"), test_smem_gmem_transposed_copies (0.11.2 / 0.12.0.1: "The 'memory_space' attribute is
not available on traced array", transpose_ref of the raw scratch ref) and
test_gmem_to_smem_with_multiple_smem_indexers_and_transforms (0.12.0.1: TransferPlanDerivationError "Failed to
synthesize a transfer pattern that avoids bank conflicts").
Counts: 40 bases built, 37 kept (21 user, 16 jax); 222 mutants (6 per base); 777 labels of the manifest's 259 files
(labels.json also keeps the dropped bases' stage-1 labels); broken 0 / 0 / 0; failing files 151 / 149 / 149 (0.10.2 /
0.11.2 / 0.12.0.1), all of them mutants; 70 mutants clean on every release, 4 with outcomes that differ by release.
15 mutants (sampled with random.Random(1512); one multi-device among them) relabelled alone, each in its own label.py
run over a folder holding only that file: 45 / 45 labels agree on outcome, exception, line, line file, raise site,
code, class, message and before_kernel (paths normalised).

The commands that built /work/famheld15-out (from bench/corpus/; the first two run again after the stage-1 fix):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  ../../.venv/bin/python build_famheld15.py /work/famheld15-out
  nice -n 10 ../../.venv/bin/python label.py /work/famheld15-out --jobs 1 --only famheld15 $PY
  cp /work/famheld15-out/labels.json /tmp/famheld15_stage1.json
  ../../.venv/bin/python build_famheld15.py /work/famheld15-out --keep /tmp/famheld15_stage1.json --per-base 6 --per-op 1
  nice -n 10 ../../.venv/bin/python label.py /work/famheld15-out --jobs 1 --only famheld15 $PY
"""

from __future__ import annotations

import importlib

from famheld15_mutate import famheld15_mutants

_famheld = importlib.import_module("build_famheld")

KERNELS_A: dict[str, str] = {
    "meshgrid_mask_matmul": r'''
"""A gridded f16 WGMMA matmul with a K pipeline and a TMA store; the output tile is the largest cell of an np.meshgrid of options under a boolean mask, picked by argmax."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

M_OPTIONS = np.array([64, 128, 256])
N_OPTIONS = np.array([64, 128, 256])
MM, NN = np.meshgrid(M_OPTIONS, N_OPTIONS, indexing='ij')
AREA = MM * NN
FITS = (AREA <= 128 * 128) & (NN % 128 == 0)
PICK = AREA[FITS].argmax()
TILE_M, TILE_N = int(MM[FITS][PICK]), int(NN[FITS][PICK])
TILE_K = 64
M, N, K = 256, 256, 256
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_gmem, o_smem):
  mi = lax.axis_index('m')
  ni = lax.axis_index('n')

  def scope(acc):
    def body(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(1)

    plgpu.emit_pipeline(
        body,
        grid=(K // TILE_K,),
        in_specs=[
            plgpu.BlockSpec((TILE_M, TILE_K), lambda k: (mi, k), transforms=TRANSFORMS),
            plgpu.BlockSpec((TILE_K, TILE_N), lambda k: (k, ni), transforms=TRANSFORMS),
        ],
        max_concurrent_steps=2,
    )(a_gmem, b_gmem)
    plgpu.wgmma_wait(0)
    return acc[...]

  o_smem[...] = pl.run_scoped(scope, plgpu.ACC((TILE_M, TILE_N), jnp.float32)).astype(DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem.at[pl.ds(mi * TILE_M, TILE_M), pl.ds(ni * TILE_N, TILE_N)])
  plgpu.wait_smem_to_gmem(0)


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((M, N), DTYPE),
      scratch_types=[plgpu.SMEM((TILE_M, TILE_N), DTYPE, transforms=TRANSFORMS)],
      grid=(M // TILE_M, N // TILE_N),
      grid_names=('m', 'n'),
  )(a, b)


if __name__ == '__main__':
  a = jnp.ones((M, K), DTYPE)
  b = jnp.ones((K, N), DTYPE)
  print((TILE_M, TILE_N), jax.jit(matmul)(a, b).shape)
''',
    "log2_ceil_swizzle": r'''
"""One f16 WGMMA of two TMA-loaded, tiled and swizzled operands, the f32 result written to GMEM; the swizzle is 2 ** np.ceil(np.log2(row bytes)) capped at 128."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

M, K, N = 64, 64, 128
DTYPE = jnp.float16
ROW_BYTES = K * jnp.dtype(DTYPE).itemsize
EXPONENT = np.ceil(np.log2(ROW_BYTES)).astype(np.int64)
SWIZZLE = int(min(1 << EXPONENT, 128))
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_ref, a_smem, b_smem, bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bar)
  plgpu.barrier_wait(bar)

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    plgpu.wgmma_wait(0)
    return acc[...]

  o_ref[...] = pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))


matmul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
    scratch_types=[
        plgpu.SMEM((M, K), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((K, N), DTYPE, transforms=TRANSFORMS),
        plgpu.Barrier(num_arrivals=2),
    ],
)

if __name__ == '__main__':
  print(EXPONENT, SWIZZLE, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
    "bincount_arrivals": r'''
"""Three TMA loads onto two barriers, x * y + z in SMEM and a TMA store; each barrier's arrival count is np.bincount of the loads' barrier indices."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

COPY_BARRIER = np.array([0, 0, 1])
ARRIVALS = np.bincount(COPY_BARRIER, minlength=2)
SHAPE = (128, 128)
DTYPE = jnp.float32


def kernel(x_gmem, y_gmem, z_gmem, o_gmem, x_smem, y_smem, z_smem, bar0, bar1):
  bars = (bar0, bar1)
  sources = (x_gmem, y_gmem, z_gmem)
  targets = (x_smem, y_smem, z_smem)
  for src, dst, b in zip(sources, targets, COPY_BARRIER.tolist()):
    plgpu.copy_gmem_to_smem(src, dst, bars[b])
  plgpu.barrier_wait(bar0)
  plgpu.barrier_wait(bar1)
  x_smem[...] = x_smem[...] * y_smem[...] + z_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


fma = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[
        plgpu.SMEM(SHAPE, DTYPE),
        plgpu.SMEM(SHAPE, DTYPE),
        plgpu.SMEM(SHAPE, DTYPE),
        *[plgpu.Barrier(num_arrivals=int(n)) for n in ARRIVALS],
    ],
)

if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(ARRIVALS, jax.jit(fma)(x, x, x).sum())
''',
    "polyval_registers": r'''
"""A loader warpgroup TMA-loads a tile, a math warpgroup squares it in SMEM and stores it; the set_max_registers counts come from np.polyval of a fitted polynomial, rounded down to a multiple of 8."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

COEFFS = np.array([-11.0, 0.0, 280.0])
THREADS = 2
HIGH = int(np.polyval(COEFFS, THREADS)) // 8 * 8
LOW = 40
SHAPE = (128, 128)


def kernel(x_gmem, o_gmem, smem, loaded):
  wg = lax.axis_index('wg')

  @pl.when(wg == 0)
  def _loader():
    plgpu.set_max_registers(LOW, action='decrease')
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)

  @pl.when(wg == 1)
  def _math():
    plgpu.set_max_registers(HIGH, action='increase')
    plgpu.barrier_wait(loaded)
    smem[...] = smem[...] * smem[...]
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    num_threads=THREADS,
    thread_name='wg',
)

if __name__ == '__main__':
  print(LOW, HIGH, jax.jit(square)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "median_block_pipeline": r'''
"""A 2-D emit_pipeline computing x * 0.5 + y over f32 blocks; the block rows are np.median of measured row counts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

MEASURED = np.array([48, 64, 100, 64, 128, 72, 60])
BLOCK_ROWS = int(np.median(MEASURED))
BLOCK_COLS = 64
SHAPE = (512, 256)
GRID = (SHAPE[0] // BLOCK_ROWS, SHAPE[1] // BLOCK_COLS)


def kernel(x_gmem, y_gmem, o_gmem):
  spec = pl.BlockSpec((BLOCK_ROWS, BLOCK_COLS), lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * 0.5 + y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def axpy(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK_ROWS, GRID, jax.jit(axpy)(x, x).sum())
''',
    "arange_step_tiles": r'''
"""Row tiles TMA-loaded onto an array of barriers, each scaled by its index, and stored by TMA in one commit group; the tile starts are np.arange with a step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 256, 64
TILE_ROWS = 64
STARTS = np.arange(0, ROWS, TILE_ROWS)


def kernel(x_gmem, o_gmem, smem, bars):
  for k, start in enumerate(STARTS.tolist()):
    rows = pl.ds(start, TILE_ROWS)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[k])
  for k, start in enumerate(STARTS.tolist()):
    rows = pl.ds(start, TILE_ROWS)
    plgpu.barrier_wait(bars.at[k])
    smem[rows] = smem[rows] * float(k + 1)
  plgpu.commit_smem()
  for start in STARTS.tolist():
    rows = pl.ds(start, TILE_ROWS)
    plgpu.copy_smem_to_gmem(smem.at[rows], o_gmem.at[rows], commit_group=False)
  plgpu.commit_smem_to_gmem_group()
  plgpu.wait_smem_to_gmem(0)


scale_tiles = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=len(STARTS))],
)

if __name__ == '__main__':
  print(STARTS, jax.jit(scale_tiles)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "setdiff_mesh_allreduce": r'''
"""An f32 all-reduce sum with multimem_load_reduce under shard_map; the mesh axis is the np.setdiff1d of candidate axis names and the ones a config leaves out, checked with np.isin."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CANDIDATE_AXES = np.array(['data', 'model', 'peers'])
UNUSED_AXES = np.array(['data', 'model'])
KEPT = np.setdiff1d(CANDIDATE_AXES, UNUSED_AXES)
assert np.isin(KEPT, CANDIDATE_AXES).all()
AXIS = str(KEPT[0])
DEVICES = 2
SHAPE = (128, 128)
VEC = 4


def kernel(x_ref, y_ref, sem):
  total = plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op='add')
  total = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
  y_ref[...] = total
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), tuple(KEPT.tolist()), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(AXIS, fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
    "iter_unpack_ws": r'''
"""A warp-specialized pipeline multiplying two inputs over a 2-D grid; block, depth and compute warpgroups are the first record of struct.iter_unpack over a packed table that fits one warpgroup."""
import struct

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

RECORD = '<4H'
TABLE = struct.pack(RECORD, 128, 128, 3, 2) + struct.pack(RECORD, 64, 128, 2, 1) + struct.pack(RECORD, 32, 64, 4, 1)
BLOCK_ROWS, BLOCK_COLS, DEPTH, COMPUTE_WGS = next(r for r in struct.iter_unpack(RECORD, TABLE) if r[3] == 1)
SHAPE = (256, 256)
AXIS = 'wg'


def kernel(x_gmem, y_gmem, o_gmem):
  spec = pl.BlockSpec((BLOCK_ROWS, BLOCK_COLS), lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...]

  plgpu.emit_pipeline_warp_specialized(
      body,
      grid=(SHAPE[0] // BLOCK_ROWS, SHAPE[1] // BLOCK_COLS),
      in_specs=[spec, spec],
      out_specs=[spec],
      max_concurrent_steps=DEPTH,
      num_compute_wgs=COMPUTE_WGS,
      memory_registers=40,
      wg_axis=AXIS,
  )(x_gmem, y_gmem, o_gmem)


def mul(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=COMPUTE_WGS + 1, thread_name=AXIS)(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print((BLOCK_ROWS, BLOCK_COLS, DEPTH, COMPUTE_WGS), jax.jit(mul)(x, x).sum())
''',
    "unpack_from_swizzle": r'''
"""A swizzled f16 tile read into the WGMMA layout, doubled and stored back by TMA; rows, columns and swizzle are struct.unpack_from of a blob after its two-byte magic."""
import struct

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOB = b'MG' + struct.pack('<3H', 128, 64, 128)
ROWS, COLS, SWIZZLE = struct.unpack_from('<3H', BLOB, offset=2)
DTYPE = jnp.float16
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  x = load_regs(smem, plgpu.Layout.WGMMA)
  smem[...] = x + x
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print((ROWS, COLS, SWIZZLE), jax.jit(double)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "math_dist_blocks": r'''
"""Each CTA of a 2-D grid TMA-loads a block, computes x * x + 1 in SMEM and stores it; the block is the candidate nearest a target shape by math.dist."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TARGET = (100, 70)
CANDIDATES = [(64, 64), (128, 64), (128, 128), (64, 128)]
BLOCK = min(CANDIDATES, key=lambda c: math.dist(c, TARGET))
SHAPE = (512, 256)


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('r') * BLOCK[0], BLOCK[0])
  cols = pl.ds(lax.axis_index('c') * BLOCK[1], BLOCK[1])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows, cols], smem, bar)
  plgpu.barrier_wait(bar)
  x = smem[...]
  smem[...] = x * x + 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows, cols])
  plgpu.wait_smem_to_gmem(0)


square_plus_one = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(BLOCK, jnp.float32), plgpu.Barrier()],
    grid=(SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1]),
    grid_names=('r', 'c'),
)

if __name__ == '__main__':
  print(BLOCK, jax.jit(square_plus_one)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "enum_member_tiling": r'''
"""A tiled and swizzled f16 tile read in the WGMMA layout, incremented and stored back by TMA; swizzle and tile width come from an Enum whose callable member is made with enum.member."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Tiling(enum.Enum):
  SWIZZLE = 128
  ROWS = 8
  ELEMS = enum.member(lambda dtype: Tiling.SWIZZLE.value // jnp.dtype(dtype).itemsize)


DTYPE = jnp.float16
SHAPE = (64, 128)
TRANSFORMS = (
    plgpu.TilingTransform((Tiling.ROWS.value, Tiling.ELEMS.value(DTYPE))),
    plgpu.SwizzleTransform(Tiling.SWIZZLE.value),
)


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  x = load_regs(smem, plgpu.Layout.WGMMA)
  smem[...] = x + jnp.asarray(1, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


inc = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(SHAPE, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print([m.name for m in Tiling], jax.jit(inc)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "keys_difference_signal": r'''
"""A TMA-staged tile doubled after a device barrier made by semaphore_signal_multicast under shard_map; the collective axis is min(..., default=) of a dict keys() set difference."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
MESH_SIZES = {'x': 2, 'replica': 1}
REPLICATED = {'replica': 1}
FREE = MESH_SIZES.keys() - REPLICATED.keys()
AXIS = min(FREE, default=None)
MESH_AXES = tuple(name for name, size in MESH_SIZES.items() if size > 1)
DEVICES = MESH_SIZES[AXIS]
ROWS, COLS = 128, 64


def kernel(x_gmem, o_gmem, smem, bar, sem):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXIS)
  pl.semaphore_wait(sem, DEVICES)
  smem[...] = smem[...] * 2.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def synced_double(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
      scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(), plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), MESH_AXES, axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(synced_double, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(AXIS, MESH_AXES, fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
    "math_log_depth": r'''
"""A 1-D emit_pipeline of x - y with delay_release on one input; the depth is int(math.log(steps, 4)) + 1 and the release one less."""
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

STEPS = 16
DEPTH = int(math.log(STEPS, 4)) + 1
RELEASE = DEPTH - 1
BLOCK = (32, 128)
SHAPE = (STEPS * BLOCK[0], BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  x_spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0), delay_release=RELEASE)
  y_spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))
  o_spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[x_spec, y_spec], out_specs=[o_spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(DEPTH, RELEASE, jax.jit(sub)(x, x).sum())
''',
    "zip_pairs_segments": r'''
"""Row segments of a tile TMA-loaded onto one barrier each, shifted by their index and stored segment by segment; the segments are zip(bounds, bounds[1:]) of a boundary list."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BOUNDS = [0, 32, 96, 128]
PIECES = [(lo, hi - lo) for lo, hi in zip(BOUNDS, BOUNDS[1:])]
ROWS, COLS = BOUNDS[-1], 128


def kernel(x_gmem, o_gmem, smem, bars):
  for s, (start, size) in enumerate(PIECES):
    rows = pl.ds(start, size)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[s])
  for s, (start, size) in enumerate(PIECES):
    rows = pl.ds(start, size)
    plgpu.barrier_wait(bars.at[s])
    smem[rows] = smem[rows] + float(s)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem.at[rows], o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


shift_segments = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=len(PIECES))],
)

if __name__ == '__main__':
  print(PIECES, jax.jit(shift_segments)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "complex_conjugate_transpose": r'''
"""A non-square f16 tile transposed through registers: TMA load, WGMMA-layout load, a WGMMA_TRANSPOSED store into the .T view of a swizzled buffer, TMA store; the shapes are a complex number and its conjugate times 1j."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = complex(64, 128)
FLIPPED = SHAPE.conjugate() * 1j
ROWS, COLS = int(SHAPE.real), int(SHAPE.imag)
OUT_ROWS, OUT_COLS = int(FLIPPED.real), int(FLIPPED.imag)
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_gmem, o_gmem, in_smem, out_smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, in_smem, bar)
  plgpu.barrier_wait(bar)
  x = load_regs(in_smem, plgpu.Layout.WGMMA)
  out_smem.T[...] = plgpu.layout_cast(x, plgpu.Layout.WGMMA_TRANSPOSED)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


transpose = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((OUT_ROWS, OUT_COLS), DTYPE),
    scratch_types=[
        plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((OUT_ROWS, OUT_COLS), DTYPE, transforms=TRANSFORMS),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print((ROWS, COLS), (OUT_ROWS, OUT_COLS), jax.jit(transpose)(jnp.ones((ROWS, COLS), DTYPE)).shape)
''',
}


KERNELS_B: dict[str, str] = {
    "async_comprehension_pipeline": r'''
"""A 2-D emit_pipeline taking the elementwise maximum of two f32 inputs; block rows, block columns and depth are collected by an async comprehension (async for) over an async generator, run with asyncio.run."""
import asyncio

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


async def settings():
  for key, value in (('rows', 64), ('cols', 128), ('depth', 2)):
    yield key, value


async def collect():
  return {key: value async for key, value in settings()}


CFG = asyncio.run(collect())
SHAPE = (256, 256)


def kernel(x_gmem, y_gmem, o_gmem):
  spec = pl.BlockSpec((CFG['rows'], CFG['cols']), lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = jnp.maximum(x_smem[...], y_smem[...])

  plgpu.emit_pipeline(
      body,
      grid=(SHAPE[0] // CFG['rows'], SHAPE[1] // CFG['cols']),
      in_specs=[spec, spec],
      out_specs=[spec],
      max_concurrent_steps=CFG['depth'],
  )(x_gmem, y_gmem, o_gmem)


def maximum(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(CFG, jax.jit(maximum)(x, x).sum())
''',
    "generator_exit_blocks": r'''
"""Each CTA of a 1-D grid TMA-loads a row block, applies tanh in SMEM and stores it; the block rows are the last proposal of a generator, recorded by its GeneratorExit handler when the search closes it."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 512, 128
BUDGET = 64 * 1024
CHOSEN = {}


def proposals(start):
  rows = start
  try:
    while True:
      yield rows
      rows //= 2
  except GeneratorExit:
    CHOSEN['rows'] = rows
    raise


search = proposals(256)
for rows in search:
  if rows * COLS * 4 * 2 <= BUDGET:
    break
search.close()
BLOCK = CHOSEN['rows']


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('blk') * BLOCK, BLOCK)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = jnp.tanh(smem[...])
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


tanh = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK, COLS), jnp.float32), plgpu.Barrier()],
    grid=(ROWS // BLOCK,),
    grid_names=('blk',),
)

if __name__ == '__main__':
  print(BLOCK, jax.jit(tanh)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "int_dunder_grid": r'''
"""Each CTA of a 2-D grid TMA-loads a swizzled bf16 block, computes x * 2 + 1 in SMEM and stores it; the block shape is map(int.__floordiv__, shape, grid)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (512, 256)
GRID = (4, 2)
BLOCK = tuple(map(int.__floordiv__, SHAPE, GRID))
DTYPE = jnp.bfloat16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('i') * BLOCK[0], BLOCK[0])
  cols = pl.ds(lax.axis_index('j') * BLOCK[1], BLOCK[1])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows, cols], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(2, DTYPE) + jnp.asarray(1, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows, cols])
  plgpu.wait_smem_to_gmem(0)


affine = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(BLOCK, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=GRID,
    grid_names=('i', 'j'),
)

if __name__ == '__main__':
  print(BLOCK, jax.jit(affine)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "nested_comprehension_wgmma": r'''
"""One f16 WGMMA of TMA-loaded swizzled tiles, the f32 result staged in SMEM and stored by TMA; the tile is the last of a nested list comprehension (two for clauses, two if clauses) over options."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILES = [(m, n) for m in (64, 128, 192) for n in (64, 128, 256) if m * n <= 128 * 128 if n % 64 == 0]
TILE_M, TILE_N = TILES[-1]
K = 64
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, o_smem, bars):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bars.at[0])
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bars.at[1])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    plgpu.wgmma_wait(0)
    return acc[...]

  o_smem[...] = pl.run_scoped(scope, plgpu.ACC((TILE_M, TILE_N), jnp.float32))
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


matmul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((TILE_M, TILE_N), jnp.float32),
    scratch_types=[
        plgpu.SMEM((TILE_M, K), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((K, TILE_N), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((TILE_M, TILE_N), jnp.float32),
        plgpu.Barrier(num_barriers=2),
    ],
)

if __name__ == '__main__':
  a = jnp.ones((TILE_M, K), DTYPE)
  b = jnp.ones((K, TILE_N), DTYPE)
  print(TILES, jax.jit(matmul)(a, b).shape)
''',
    "multi_with_depth": r'''
"""A 1-D emit_pipeline of a scaled copy over f32 row blocks; the depth is what is left of a shared-memory pool inside one with statement holding two reservations, over the bytes of one stage."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Reserve:
  def __init__(self, pool, nbytes):
    self.pool, self.nbytes = pool, nbytes

  def __enter__(self):
    self.pool['used'] += self.nbytes
    return self.pool['total'] - self.pool['used']

  def __exit__(self, *exc):
    self.pool['used'] -= self.nbytes
    return False


POOL = {'total': 224 * 1024, 'used': 0}
BLOCK = (32, 128)
STAGE_BYTES = 2 * BLOCK[0] * BLOCK[1] * 4
with Reserve(POOL, 64 * 1024) as after_first, Reserve(POOL, 64 * 1024) as after_both:
  FREE = after_both
DEPTH = min(4, FREE // STAGE_BYTES)
SHAPE = (512, 128)


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * 3.0

  plgpu.emit_pipeline(body, grid=(SHAPE[0] // BLOCK[0],), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, o_gmem)


def scale(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == '__main__':
  print(FREE, DEPTH, jax.jit(scale)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "float_subclass_split": r'''
"""Two warpgroups each update their rows of a TMA-loaded tile and meet on a two-arrival barrier before the store; the split row is a share held by a float subclass whose method rounds down to 8 rows."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Share(float):
  def rows(self, total):
    return int(total * self) // 8 * 8


ROWS, COLS = 128, 64
FIRST = Share(0.5)
SPLIT = FIRST.rows(ROWS)
PARTS = ((0, SPLIT), (SPLIT, ROWS - SPLIT))
WARPGROUPS = len(PARTS)


def kernel(x_gmem, o_gmem, smem, loaded, done):
  wg = lax.axis_index('wg')

  @pl.when(wg == 0)
  def _load():
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)

  plgpu.barrier_wait(loaded)
  for k, (start, size) in enumerate(PARTS):
    @pl.when(wg == k)
    def _update():
      rows = pl.ds(start, size)
      smem[rows] = smem[rows] * float(k + 2)

  plgpu.commit_smem()
  plgpu.barrier_arrive(done)

  @pl.when(wg == 0)
  def _store():
    plgpu.barrier_wait(done)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


scale_halves = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(),
                   plgpu.Barrier(num_arrivals=WARPGROUPS)],
    num_threads=WARPGROUPS,
    thread_name='wg',
)

if __name__ == '__main__':
  print(PARTS, jax.jit(scale_halves)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}


# Adapted from tests/pallas/mosaic_gpu_test.py and gpu_pallas_distributed_test.py at the mirror's HEAD (cec06d116c05;
# test names in each docstring): the test's kernel kept with its first parameter set, its self.kernel /
# self.pallas_call harness rewritten as a plain plgpu.kernel (or, for a grid, pl.pallas_call) launch under the
# semantics its test class's harness sets (Lane for every class taken here), and a __main__ driver.

DEFAULT_TRANSFORMS = r'''

def default_transforms(*, swizzle=128, dtype):
  # Host adaptation: the test harness's self.default_transforms (dtypes.itemsize_bits written with jnp.dtype).
  swizzle_elems = 8 * swizzle // (jnp.dtype(dtype).itemsize * 8)
  return (
      plgpu.TilingTransform((8, swizzle_elems)),
      plgpu.SwizzleTransform(swizzle),
  )
'''

PALLAS_CALL = r'''

def pallas_call(kernel_fn, *, out_shape, in_specs=(), out_specs=(), scratch_shapes=()):
  # Host adaptation: the test harness's self.pallas_call for grid=() (a plgpu.kernel around an emit_pipeline with an
  # empty grid that stages each operand as its BlockSpec says), under the test class's Lane semantics.
  def normalize(specs, count):
    if not specs:
      return [pl.BlockSpec()] * count
    if not isinstance(specs, (list, tuple)):
      return [specs]
    return list(specs)

  def wrapper(*args_gmem):
    split = len(args_gmem) - len(scratch_shapes)
    gmem_refs, scratch_refs = args_gmem[:split], args_gmem[split:]
    num_outputs = len(jax.tree.leaves(out_shape))
    num_inputs = len(gmem_refs) - num_outputs
    plgpu.emit_pipeline(
        lambda _, *refs: kernel_fn(*refs, *scratch_refs),
        grid=(),
        in_specs=normalize(in_specs, num_inputs),
        out_specs=normalize(out_specs, num_outputs),
    )(*gmem_refs)

  return plgpu.kernel(
      wrapper,
      out_type=out_shape,
      scratch_types=scratch_shapes,
      compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
  )
'''

PALLAS_CALL_GRID = r'''

def pallas_call(kernel_fn=None, *, out_shape, grid=(), in_specs=(), out_specs=(), scratch_shapes=(),
                compiler_params=plgpu.CompilerParams()):
  # Host adaptation: the test harness's self.pallas_call (PallasTest.pallas_call) written out for a grid: the parallel
  # dimensions become a plgpu.kernel grid, the sequential ones an emit_pipeline, under the test class's Lane semantics.
  compiler_params = dataclasses.replace(
      compiler_params,
      lowering_semantics=plgpu.LoweringSemantics.Lane,
  )
  if isinstance(grid, int):
    grid = (grid,)

  dimension_semantics = compiler_params.dimension_semantics
  if dimension_semantics is None:
    dimension_semantics = ("parallel",) * len(grid)
  which_parallel = [ds == "parallel" for ds in dimension_semantics]
  sequential_grid, parallel_grid = util.partition_list(which_parallel, grid)

  def _make_pipeline_spec(spec):
    if spec.index_map is None:
      return spec
    parallel_indices = [
        lax.axis_index(f"d{i}") for i, _ in enumerate(parallel_grid)
    ]
    return dataclasses.replace(
        spec,
        index_map=lambda *indices: spec.index_map(
            *util.merge_lists(
                which_parallel,
                indices[: len(sequential_grid)],
                parallel_indices,
            )
        ),
    )

  def _normalize_specs(specs, default_count):
    if not specs:
      return [pl.BlockSpec()] * default_count
    if not isinstance(specs, (list, tuple)):
      return [specs]
    return list(specs)

  def decorator(fn):
    @plgpu.kernel(
        out_type=out_shape,
        scratch_types=scratch_shapes,
        compiler_params=dataclasses.replace(
            compiler_params, dimension_semantics=None
        ),
        grid=parallel_grid,
        grid_names=tuple(f"d{i}" for i, _ in enumerate(parallel_grid)),
    )
    def wrapper(*args_gmem):
      gmem_refs, scratch_refs = util.split_list(
          args_gmem, [len(args_gmem) - len(scratch_shapes)]
      )

      num_inputs = len(gmem_refs) - len(jax.tree.leaves(out_shape))
      num_outputs = len(jax.tree.leaves(out_shape))

      @functools.partial(
          plgpu.emit_pipeline,
          grid=sequential_grid,
          in_specs=[
              _make_pipeline_spec(s)
              for s in _normalize_specs(in_specs, num_inputs)
          ],
          out_specs=[
              _make_pipeline_spec(s)
              for s in _normalize_specs(out_specs, num_outputs)
          ],
          max_concurrent_steps=compiler_params.max_concurrent_steps,
      )
      def pipeline(indices, *args):
        grid_env = util.merge_lists(
            which_parallel,
            [*map(pallas_core.GridAxis, indices, sequential_grid)],
            parallel_grid_env,
        )
        with pallas_core.grid_env(grid_env):
          fn(*args, *scratch_refs)

      parallel_grid_env = [
          pallas_core.GridAxis(
              lax.axis_index(f"d{i}"), lax.axis_size(f"d{i}")
          )
          for i, _ in enumerate(parallel_grid)
      ]
      grid_env = util.merge_lists(
          which_parallel, [None] * len(sequential_grid), parallel_grid_env
      )
      with pallas_core.grid_env(grid_env):
        pipeline(*gmem_refs)

    return wrapper

  if kernel_fn is not None:
    return decorator(kernel_fn)
  return decorator
'''

GRID_IMPORTS = '''import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax._src import util
from jax._src.pallas import core as pallas_core
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
'''

KERNELS_JAX: dict[str, str] = {
    "jax_multiple_of": r'''
"""mosaic_gpu_test.py PallasCallTest.test_multiple_of: a TMA load of a dynamic row window (pl.multiple_of of an index read from GMEM) into a tiled, swizzled SMEM buffer, copied to the output."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''

shape = (128, 64)
out_shape = (64, 64)


def kernel(x_gmem, index_gmem, o_gmem, smem_ref, barrier):
  dyn_index = index_gmem[0]
  dyn_index = pl.multiple_of(dyn_index, (7, 8))
  gmem_slice = pl.ds(dyn_index, 64)
  plgpu.copy_gmem_to_smem(x_gmem.at[gmem_slice, :], smem_ref, barrier)
  plgpu.barrier_wait(barrier)
  o_gmem[...] = smem_ref[...]


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(out_shape, jnp.float32),
    scratch_types=[
        plgpu.SMEM(
            out_shape,
            jnp.float32,
            transforms=default_transforms(dtype=jnp.float32),
        ),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(shape[0] * shape[1], dtype=jnp.float32).reshape(shape)
  index = jnp.array([0], dtype=jnp.int32)
  print(jax.jit(kernel)(x, index).shape)
''',
    "jax_comparison_op": r'''
"""mosaic_gpu_test.py PallasCallTest.test_comparison_op (op=lax.eq, dtype=float32): a comparison of two constants cast and broadcast into a 256-element output through the pallas_call harness."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''

op = lax.eq
dtype = jnp.float32


@functools.partial(
    pallas_call, out_shape=jax.ShapeDtypeStruct([256], dtype)
)
def kernel(o_ref):
  o_ref[...] = jnp.broadcast_to(
      op(dtype(42), dtype(24)).astype(dtype), o_ref.shape
  )


if __name__ == '__main__':
  print(jax.jit(kernel)().shape)
''',
    "jax_add_one_grid_pipelined_program_id": r'''
"""mosaic_gpu_test.py PallasCallTest.test_add_one_grid_pipelined_program_id: a (4, 4) grid, the second dimension sequential, each (16, 16) output block filled with pl.program_id(1)."""
''' + GRID_IMPORTS + r'''''' + PALLAS_CALL_GRID + r'''

@functools.partial(
    pallas_call,
    out_specs=pl.BlockSpec((16, 16), lambda i, j: (i, j)),
    out_shape=jax.ShapeDtypeStruct([16, 64], jnp.int32),
    compiler_params=plgpu.CompilerParams(
        dimension_semantics=["parallel", "sequential"],
        max_concurrent_steps=2,
    ),
    grid=(4, 4),
)
def kernel(o_ref):
  o_ref[...] = jnp.broadcast_to(pl.program_id(1), o_ref.shape)


if __name__ == '__main__':
  print(jax.jit(kernel)().shape)
''',
    "jax_add_one_grid_pipelined_sequential_invariant_output": r'''
"""mosaic_gpu_test.py PallasCallTest.test_add_one_grid_pipelined_sequential_invariant_output: a (2, 4) grid whose sequential dimension keeps one (32, 16) output block while the input block moves."""
''' + GRID_IMPORTS + r'''''' + PALLAS_CALL_GRID + r'''

@functools.partial(
    pallas_call,
    in_specs=[pl.BlockSpec((32, 16), lambda i, j: (i, j))],
    out_specs=pl.BlockSpec((32, 16), lambda i, j: (i, 0)),
    out_shape=jax.ShapeDtypeStruct([32 * 2, 64], jnp.float32),
    compiler_params=plgpu.CompilerParams(
        dimension_semantics=["parallel", "sequential"],
        max_concurrent_steps=2,
    ),
    grid=(2, 4),
)
def kernel(x_ref, o_ref):
  o_ref[...] = x_ref[...] + 1.0


if __name__ == '__main__':
  x = jnp.arange(32 * 2 * 64).reshape((32 * 2, 64)).astype(jnp.float32)
  # The test's reference and comparison need the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_copy_smem_to_gmem_explicit_commit_group": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_smem_to_gmem_explicit_commit_group (use_single_warp=True): a TMA store with commit_group=False, an explicit commit and wait, issued by warp 0 of a warp_map."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

use_single_warp = True


def kernel(x_ref, o_ref_gmem, scratch_ref):
  scratch_ref[...] = x_ref[...] + 1
  plgpu.commit_smem()

  def copy_to_gmem():
    plgpu.copy_smem_to_gmem(scratch_ref, o_ref_gmem, commit_group=False)
    plgpu.commit_smem_to_gmem_group()
    plgpu.wait_smem_to_gmem(0)

  if use_single_warp:
    plgpu.warp_map(lambda warp_id: pl.when(warp_id == 0)(copy_to_gmem))
  else:
    copy_to_gmem()


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([256], jnp.float32),
    scratch_types=[plgpu.SMEM((256,), jnp.float32)],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(256).astype(jnp.float32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_copy_gmem_to_smem_predicate": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_gmem_to_smem_predicate: on a grid of two, a TMA load predicated on block 0 into a zeroed SMEM window, then a TMA store of that window."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(x_ref, o_ref, scratch_ref, barrier_ref):
  scratch_ref[...] = jnp.zeros([256], dtype=jnp.float32)
  block_id = jax.lax.axis_index('block')
  idx = pl.ds(block_id * 128, 128)
  plgpu.copy_gmem_to_smem(
      x_ref.at[idx],
      scratch_ref.at[idx],
      barrier_ref,
      predicate=block_id == 0,
  )
  plgpu.barrier_wait(barrier_ref)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(scratch_ref.at[idx], o_ref.at[idx])
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([256], jnp.float32),
    scratch_types=[
        plgpu.SMEM([256], jnp.float32),
        plgpu.Barrier(),
    ],
    grid=(2,),
    grid_names=("block",),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(256).astype(jnp.float32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_kernel_scratch_kwargs": r'''
"""mosaic_gpu_test.py PallasCallTest.test_kernel_scratch_kwargs (vmap=True): scratch buffers passed by keyword (a dict of scratch_types), a TMA round trip, the kernel vmapped over two rows."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

vmap = True


def kernel(x_ref, y_ref, *, smem_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref, smem_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  plgpu.copy_smem_to_gmem(smem_ref, y_ref)
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
    scratch_types=dict(
        smem_ref=plgpu.SMEM((128,), jnp.float32),
        barrier_ref=plgpu.Barrier(),
    ),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(128, dtype=jnp.float32)
  if vmap:
    x = jnp.stack([x, x], axis=0)
    kernel = jax.vmap(kernel)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_gmem_to_smem_with_multiple_smem_indexers": r'''
"""mosaic_gpu_test.py PallasCallTest.test_gmem_to_smem_with_multiple_smem_indexers: a (2, 64, 64) TMA load into SMEM, then two 32-row halves of its first slice copied into an SMEM output block."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''

x = jax.random.uniform(jax.random.key(0), (2, 64, 64), dtype=jnp.float32)


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct([64, 64], jnp.float32),
    in_specs=(pl.BlockSpec(memory_space=plgpu.GMEM),),
    scratch_shapes=[
        plgpu.SMEM(x.shape, jnp.float32),
        plgpu.Barrier(),
    ],
)
def extract_x0(x_ref_gmem, o_ref, scratch_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref_gmem, scratch_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  x_sliced = scratch_ref.at[0, :, :]  # shape=(64, 64)
  o_ref[pl.ds(0, 32), :] = x_sliced[pl.ds(0, 32), :]
  o_ref[pl.ds(32, 32), :] = x_sliced[pl.ds(32, 32), :]


if __name__ == '__main__':
  print(jax.jit(extract_x0)(x).shape)
''',
    "jax_gmem_to_smem_with_multiple_smem_indexers_and_transforms": r'''
"""mosaic_gpu_test.py PallasCallTest.test_gmem_to_smem_with_multiple_smem_indexers_and_transforms: a (4, 4) grid of tiled, swizzled int32 SMEM input blocks, each sliced twice (.at[...].at[...]) into a (64, 32) output block."""
''' + GRID_IMPORTS + r'''''' + DEFAULT_TRANSFORMS + r'''''' + PALLAS_CALL_GRID + r'''

transforms = default_transforms(dtype=jnp.int32)
x = jnp.arange(512 * 512, dtype=jnp.int32).reshape(512, 512)


@functools.partial(
    pallas_call,
    grid=(4, 4),
    out_shape=jax.ShapeDtypeStruct((256, 128), jnp.int32),
    in_specs=(
        plgpu.BlockSpec(
            block_shape=(128, 128),
            index_map=lambda i, j: (i, j),
            memory_space=plgpu.SMEM,
            transforms=transforms,
        ),
    ),
    out_specs=(
        plgpu.BlockSpec(
            block_shape=(64, 32),
            index_map=lambda i, j: (i, j),
            memory_space=plgpu.SMEM,
        )
    ),
)
def kernel(x_ref, o_ref):
  x_sliced = x_ref.at[0:64, 32:96].at[:, 0:32]  # get x_ref[0:64, 32:64]
  o_ref[...] = x_sliced[...]


if __name__ == '__main__':
  print(jax.jit(kernel)(x).shape)
''',
    "jax_smem_gmem_transposed_copies": r'''
"""mosaic_gpu_test.py PallasCallTest.test_smem_gmem_transposed_copies (tiling=None): a TMA load into and a TMA store out of a transpose_ref (1, 0, 2) view of a (2, 2, 64) SMEM buffer."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

shape = (2, 2, 64)
tiling = None
transforms = (tiling,) if tiling is not None else ()


def kernel(src_ref, dst_ref, smem_ref, barrier_ref):
  smem_ref = plgpu.transpose_ref(smem_ref, (1, 0, 2))
  plgpu.copy_gmem_to_smem(src_ref, smem_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  plgpu.copy_smem_to_gmem(smem_ref, dst_ref)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, jnp.float32),
    scratch_types=[
        plgpu.SMEM(shape, jnp.float32, transforms=transforms),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(2 * 2 * 64, dtype=jnp.float32).reshape(shape)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_indexing_before_transpose": r'''
"""mosaic_gpu_test.py PallasCallTest.test_indexing_before_transpose: two TMA loads into transpose_ref views of the two slices (o_ref.at[i]) of an SMEM output block."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


def kernel(x_ref, o_ref, barrier_ref):
  for i in range(2):
    plgpu.copy_gmem_to_smem(
        x_ref, plgpu.transpose_ref(o_ref.at[i], (1, 0, 2)), barrier_ref
    )
    plgpu.barrier_wait(barrier_ref)


in_spec = pl.BlockSpec(memory_space=plgpu.GMEM)
out_spec = plgpu.BlockSpec(memory_space=plgpu.SMEM)
f = pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct([2, 32, 2, 128], jnp.float32),
    in_specs=(in_spec,),
    out_specs=out_spec,
    scratch_shapes=[plgpu.Barrier()],
)

if __name__ == '__main__':
  x = jnp.arange(2 * 32 * 128, dtype=jnp.float32).reshape(2, 32, 128)
  print(jax.jit(f)(x).shape)
''',
    "jax_get_swap_with_transforms": r'''
"""mosaic_gpu_test.py PallasCallTest.test_get_swap_with_transforms (TilingTransform((1, 32)), SwizzleTransform(128)): an int32 tile TMA-loaded into a tiled, swizzled buffer, doubled in place and stored by TMA."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

transforms = (plgpu.TilingTransform((1, 32)), plgpu.SwizzleTransform(128))
shape = (128, 128)


def kernel(x_ref, o_ref, scratch_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref, scratch_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  scratch_ref[...] = scratch_ref[...] * 2
  plgpu.copy_smem_to_gmem(scratch_ref, o_ref)
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, jnp.int32),
    scratch_types=[
        plgpu.SMEM(shape, jnp.int32, transforms=tuple(transforms)),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(shape[0] * shape[1], dtype=jnp.int32).reshape(shape)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_run_scoped_in_cond": r'''
"""mosaic_gpu_test.py PallasCallTest.test_run_scoped_in_cond: a barrier allocated by run_scoped inside both branches of a lax.cond on a GMEM value, around a TMA load into the SMEM output block."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct([256], jnp.int32),
    in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)],
    out_specs=pl.BlockSpec(memory_space=plgpu.SMEM),
)
def kernel(x_ref_gmem, o_ref):
  def scoped_kernel(barrier_ref):
    plgpu.copy_gmem_to_smem(x_ref_gmem, o_ref, barrier_ref)
    plgpu.barrier_wait(barrier_ref)

  def branch():
    pl.run_scoped(scoped_kernel, plgpu.Barrier())

  jax.lax.cond(x_ref_gmem[0] % 2 == 0, branch, branch)


if __name__ == '__main__':
  x = jnp.full((256,), 1234, dtype=jnp.int32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_program_id_in_block_spec": r'''
"""mosaic_gpu_test.py PallasCallTest.test_program_id_in_block_spec: a grid of two whose index maps call pl.program_id(0), copying (2, 128) int32 blocks."""
''' + GRID_IMPORTS + r'''''' + PALLAS_CALL_GRID + r'''

@functools.partial(
    pallas_call,
    in_specs=(pl.BlockSpec((2, 128), lambda i: (pl.program_id(0), i)),),
    out_specs=pl.BlockSpec((2, 128), lambda i: (pl.program_id(0), i)),
    out_shape=jax.ShapeDtypeStruct([2, 128], jnp.int32),
    grid=2,
)
def kernel(x_ref, o_ref):
  o_ref[...] = x_ref[...]


if __name__ == '__main__':
  x = jnp.arange(2 * 128, dtype=jnp.int32).reshape([2, 128])
  print(jax.jit(kernel)(x).shape)
''',
    "jax_emit_with_parallel_grid": r'''
"""mosaic_gpu_test.py PipelineTest.test_emit_with_parallel_grid: a 4-CTA grid, each CTA running a 5-step emit_pipeline over its row of (32, 16) blocks indexed by axis_index."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

num_steps1 = 4
num_steps2 = 5


def kernel(x_gmem, o_gmem):
  pid = lax.axis_index("x")
  plgpu.emit_pipeline(
      kernel_body,
      in_specs=[pl.BlockSpec((32, 16), lambda i: (pid, i))],
      out_specs=[pl.BlockSpec((32, 16), lambda i: (pid, i))],
      grid=(num_steps2,),
      max_concurrent_steps=2,
  )(x_gmem, o_gmem)


def kernel_body(_, x_smem, o_smem):
  o_smem[...] = x_smem[...] + 1.0


x = jnp.arange(num_steps1 * 32 * num_steps2 * 16)
x = x.reshape(-1, num_steps2 * 16).astype(jnp.float32)
# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    grid=(num_steps1,),
    grid_names=("x",),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(jax.jit(kernel_fn)(x).shape)
''',
    "jax_different_delay_release": r'''
"""mosaic_gpu_test.py WarpSpecializedPipelineTest.test_different_delay_release: an emit_pipeline adding three inputs whose BlockSpecs have delay_release 0, 1 and 2, at max_concurrent_steps=4."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

mgpu_pipeline = plgpu  # Host adaptation: the test's mgpu_pipeline module, whose emit_pipeline plgpu exports.

m, n = 128, 64
blk_m, blk_n = 32, 32
in_specs = [
    plgpu.BlockSpec(
        block_shape=(blk_m, blk_n),
        index_map=lambda i, j: (i, j),
        delay_release=delay,
    )
    for delay in range(3)
]
out_spec = pl.BlockSpec(
    block_shape=(blk_m, blk_n),
    index_map=lambda i, j: (i, j),
)


def tiled_add_kernel(_, x_smem, y_smem, z_smem, o_smem):
  o_smem[...] = x_smem[...] + y_smem[...] + z_smem[...]


def pipeline(*gmem_refs):
  grid = (m // blk_m, n // blk_n)
  return mgpu_pipeline.emit_pipeline(
      tiled_add_kernel,
      grid=grid,
      max_concurrent_steps=4,
      in_specs=in_specs,
      out_specs=[out_spec],
  )(*gmem_refs)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    pipeline,
    out_type=jax.ShapeDtypeStruct((m, n), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jax.random.uniform(jax.random.key(0), (m, n), dtype=jnp.float32)
  y = jax.random.uniform(jax.random.key(1), (m, n), dtype=jnp.float32)
  z = jax.random.uniform(jax.random.key(3), (m, n), dtype=jnp.float32)
  print(jax.jit(kernel)(x, y, z).shape)
''',
    "jax_multiple_wg_with_squashed_grid": r'''
"""mosaic_gpu_test.py CoreMapTest.test_multiple_wg_with_squashed_grid: two warpgroups on a 4-D named grid (squashed to 3 CUDA dimensions) write rows indexed by a five-axis axis_index."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

b = 4
x_dim = 3
y_dim = 5
z_dim = 7
num_threads = 2


def kernel(o_ref):
  b_idx = jax.lax.axis_index("b")
  x_idx = jax.lax.axis_index("x")
  y_idx = jax.lax.axis_index("y")
  z_idx = jax.lax.axis_index("z")
  wg_idx = jax.lax.axis_index("wg")
  bxyzw_idx = jax.lax.axis_index(("b", "x", "y", "z", "wg"))
  o_ref[b_idx, x_idx, y_idx, z_idx, wg_idx] = jnp.broadcast_to(
      bxyzw_idx, (128,)
  )


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(
        (b, x_dim, y_dim, z_dim, num_threads, 128), np.int32
    ),
    grid=(b, x_dim, y_dim, z_dim),
    grid_names=("b", "x", "y", "z"),
    num_threads=num_threads,
    thread_name="wg",
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(jax.jit(kernel)().shape)
''',
    "jax_multimem_store_scalar": r'''
"""gpu_pallas_distributed_test.py PallasCallMultimemTest.test_multimem_store_scalar: device 0 multimem_stores an int32 scalar into element 0 of every device's output, then a semaphore handshake."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(y_ref, sem):
  @pl.when(lax.axis_index('x') == 0)
  def _store():
    plgpu.multimem_store(jnp.int32(1), y_ref.at[0], 'x')
  other_dev_id = 1 - lax.axis_index('x')
  pl.semaphore_signal(sem, 1, device_id=other_dev_id)
  pl.semaphore_wait(sem)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((1,), jnp.int32),
    scratch_types=[plgpu.SemaphoreType.REGULAR],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  mesh = jax.sharding.Mesh(jax.devices()[:2], ['x'])
  y = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=P('x'), check_vma=False,
      )
  )()
  # The test's process_allgather and comparison need the run; the kernel is only lowered.
  print(y.shape)
''',
    "jax_remote_dma_dynamic_index": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_remote_dma_dynamic_index: a peer id computed from the input (jnp.sum of a mask), a store through plgpu.remote_ref to that peer between two semaphore handshakes."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(x_ref, y_ref, ready_sem, recv_sem):
  other_dev_id = jnp.sum(x_ref[...] == 1, dtype=jnp.int32)
  y_ref[...] = x_ref[...]
  pl.semaphore_signal(ready_sem, device_id=other_dev_id)
  pl.semaphore_wait(ready_sem)
  neighbor_ptr = plgpu.remote_ref(y_ref, other_dev_id)
  neighbor_ptr[...] = x_ref[...]
  pl.semaphore_signal(recv_sem, device_id=other_dev_id)
  pl.semaphore_wait(recv_sem)


def body(x):
  # Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((1, 128), jnp.int32),
      scratch_types=[
          plgpu.SemaphoreType.REGULAR,
          plgpu.SemaphoreType.REGULAR,
      ],
      compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
  )(x)


if __name__ == '__main__':
  x = jnp.zeros((2, 128), dtype=jnp.int32)
  x = x.at[0, 0].set(1)
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  y = jax.jit(
      jax.shard_map(
          body, mesh=mesh, in_specs=P('x'), out_specs=P('x'), check_vma=False,
      )
  )(x)
  # The test's comparison needs the run; the kernel is only lowered.
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
    _famheld.capped_mutation_cli(__doc__, "famheld15", bases(), famheld15_mutants, seed=1512)


if __name__ == "__main__":
    main()
