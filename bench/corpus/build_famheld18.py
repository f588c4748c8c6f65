"""Build the eighteenth held-out families corpus `famheld18`, written blind: user-style Mosaic GPU kernels written for
this set (no earlier set, `families`, `famheld` ... `famheld17`, used their mechanisms), bases adapted from JAX's own
tests that no earlier set took, and one-edit mutants of them by famheld18_mutate.py (operators written from JAX's own
checks, blind to the checker: nothing under server/, tests/, docs/, bench/results.md or CHANGELOG.md was read, and
neither pallas-lsp nor score.py / score_families.py was run).

usage: build_famheld18.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld18/user/NAME.py  the kernels of KERNELS_A (host numpy), KERNELS_B (standard library) and KERNELS_C (language
                          and data-model forms), written for this set (2-space indents, single-quoted strings). What
                          is new against famheld ... famheld17 (checked by grepping every earlier kernel text, i.e. the
                          string constants of bench/corpus/build*.py, the *_mutate.py files and bench/corpus/idioms*/,
                          for each mechanism's name: none of argsort, np.flip, np.ptp, convolve, np.roots,
                          matrix_rank, linalg.det, result_type, datetime64, urlparse, hostname, email.parser,
                          parsestr, math.fmod, pstdev, to_integral, ROUND_HALF_UP, scaleb, heapreplace, cache_info,
                          extendleft, popleft, .mro(), __dataclass_fields__, isdecimal, symmetric_difference or '%('
                          occurs there) is the Python that carries the values the kernel depends on: host numpy
                          (np.argsort(order='rank') of a structured array of (swizzle, rank) records, np.flip of a size
                          pair, np.ptp of row offsets, np.convolve of two box filters sliced [1:] into a grid, np.roots
                          of a quadratic's coefficients rounded into a block, np.linalg.matrix_rank of a role matrix,
                          np.linalg.det of a factor matrix under round(), np.result_type of two dtypes,
                          np.datetime64 stamps subtracted and .astype(int)), the standard library
                          (urllib.parse.urlparse's hostname and port, email.parser.Parser().parsestr of a header
                          block, math.fmod's sign-keeping remainder, statistics.pstdev, Decimal.to_integral_value with
                          ROUND_HALF_UP and Decimal.scaleb, heapq.heapreplace, the misses of an lru_cache'd function's
                          cache_info(), deque.extendleft then popleft; the modules heapq, statistics, decimal,
                          functools.lru_cache and collections.deque were used before, these functions and attributes
                          not) and language / data-model forms (len(cls.mro()) of a class hierarchy, a dataclass's
                          __dataclass_fields__, str.isdecimal filtering spec tokens, set.symmetric_difference of role
                          sets, %-formatting with a mapping '%(kind)s%(rank)d' % NAMING).
                          Kernels: TMA copies into tiled / swizzled SMEM over plgpu.kernel grids, emit_pipeline
                          (1-D and 2-D), emit_pipeline_warp_specialized with two compute warpgroups and no outputs,
                          barriers and barrier arrays (arrival counts, barrier_arrive), WGMMA with an ACC under
                          run_scoped, set_max_registers in producer / consumer warpgroups, a fori_loop, and under
                          jax.shard_map semaphore_signal_multicast, a multimem_load_reduce all-reduce with
                          layout_cast, a multimem_store of a WGMMA-layout tile and a plgpu.remote_ref TMA store.
  famheld18/jax/NAME.py   tests that no earlier set took as a base (checked by a script against the test names in
                          every bench/corpus builder / mutator, bench/corpus/idioms*/ and every /work/*-out/
                          manifest.json): of tests/pallas/mosaic_gpu_test.py (mirror HEAD cec06d116c05)
                          PallasCallTest.test_copy_7d_tiling_with_unit_middle_dims, test_out_of_bounds_tma_reads
                          (start_offset=0, PROMISE_IN_BOUNDS), test_transposed_layout (WGMMA, WGMMA_TRANSPOSED),
                          test_nd_loop (sm_steps=1, tiling=None, dynamic_sm_steps=False), test_nd_loop_with_carry
                          (sm_steps=1, dynamic_sm_steps=False); PallasCallSm90ATest.test_realistic_matmul
                          (lhs_transpose=False, rhs_transpose=False); PipelineTest.test_manual;
                          WarpSpecializedPipelineTest.test_no_output, test_pipelined_pipeline and
                          test_pipeline_with_manual_allocation (manual_consumed_barriers=False);
                          ExamplesSm90ATest.test_stage6; of tests/pallas/gpu_pallas_distributed_test.py
                          PallasCallRemoteDMATest.test_remote_dma_several_mosaic_ops, test_contiguous_copy_tma;
                          PallasCallMultimemTest.test_multimem_store_contiguous_tma, test_multimem_load_reduce
                          (int32, 1, "add"). Also built, and dropped at stage 2 (below):
                          PallasCallRemoteDMATest.test_remote_dma_atomic_store. Not taken: the untaken tests that load
                          with plgpu.load(ref, layout=...) (test_reshape_tiled_into_tiled, test_atomic_add,
                          test_reduction_is_batch_invariant, test_broadcast_wg_strided_majormost_dim,
                          test_broadcast_in_dim_size_one_dimension, test_run_state_discharge_regression_test,
                          test_load_row_input_to_wgmma_with_transforms: 0.10.2's load() wants an index argument,
                          famheld16's drops), assertRaises tests (test_permuted_mesh and the *_raises* tests), print,
                          inline_mgpu, profiler, cluster and TCGen05 tests (build_famheld.py's EXCLUDE convention).
                          Each keeps the test's kernel and first parameter set, its self.kernel / self.pallas_call
                          harness rewritten as a plain plgpu.kernel launch under the test class's Lane semantics.
                          Host adaptations, each commented where it is made: the harness's self.pallas_call for
                          grid=() and for a grid written out and self.default_transforms (PALLAS_CALL,
                          PALLAS_CALL_GRID, DEFAULT_TRANSFORMS, GRID_IMPORTS reused from build_famheld16.py, as
                          famheld15 wrote them), decorator launches written as plain assignments, the parameters as
                          module constants, compiler_params=CompilerParams(approx_math=True) given the Lane semantics
                          the harness adds, test_stage6's out_type=x as a ShapeDtypeStruct of x, jtu.create_mesh((1, 2),
                          ("x", "y")) as jax.make_mesh with Auto axes, the distributed tests' process_index guards and
                          process_allgather dropped (one process), the numerical checks dropped (kernels are only
                          lowered).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for CUDA, never
compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld18).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to --per-base operators,
the ones the earlier bases got least first, and up to --per-op mutants of each, sampled with a fixed seed (an operator
for at most --max-per-op bases; build_famheld.capped_mutation_cli); edits anywhere in the file but the docstring line.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld18_dropped.json.

Stage-1 fixes of my own bugs (first labelling, /work/famheld18-out): matrix_rank_wgs as first written gave its two
compute warpgroups an SMEM output spec (a warp-specialized x + y into o over (64, 64) f32 blocks) and raised
"SMEM outputs are not supported with multiple compute warpgroups" on all three releases; it was rewritten after
test_no_output's pattern (no out_specs, each compute warpgroup adding its half of every block into an SMEM accumulator,
barrier_arrive / barrier_wait around the pipeline, one TMA store) and then lowered clean. pstdev_rows as first written
staged (32, 64) f16 blocks with (8, 64) tiles and a 128-byte swizzle (SAMPLES [32, 96], pstdev 32): 0.10.2 raised
"Tiling ((64, 8), (16, 8), (8, 8), (2,)) does not apply to shape (32, 64)" and 0.11.2 / 0.12.0.1 "Failed to infer a
possible set of layouts" (famheld17's binary_format_rows fault again); SAMPLES became [32, 160] (64-row blocks) and it
then lowered clean. Every other user base lowered clean on 0.10.2, 0.11.2 and 0.12.0.1 as first written. One adapted
test did not lower clean as JAX wrote it and was dropped by stage 2 (famheld18_dropped.json):
test_remote_dma_atomic_store (0.10.2: "Peer device references are not allowed in the lowering of this primitive.";
0.11.2 and 0.12.0.1 lower it). After the first stage-2 labelling one operator was renamed: an edit of
`transforms = default_transforms(dtype=dtype)` written for jax_transposed_layout, swizzle_tiling.fh18_transposed_swizzle_32,
also matched jax_realistic_matmul's line and was chosen there; it became swizzle_tiling.fh18_default_transforms_swizzle_32
(the same edit, a name true to both); stage 2 was built again (the same mutants were chosen), the two files of the old
name deleted (files and labels) and the two renamed ones labelled.
Counts: 38 bases built, 37 kept (22 user, 15 jax); 222 mutants (6 per base); 777 labels of the manifest's 259 files
(labels.json also keeps the dropped base's stage-1 labels); broken 0 / 0 / 0; failing files 128 / 126 / 127 (0.10.2 /
0.11.2 / 0.12.0.1), all of them mutants; 93 mutants clean on every release, 3 with outcomes that differ by release
(det_registers__kernel_mesh_config.fh18_det_factor_33_1 and jax_transposed_layout__layout_unsupported.
fh18_transposed_same_3 fail on 0.10.2 only, jax_multimem_load_reduce__layout_unsupported.fh18_mlr_tiled_4 on 0.12.0.1
only). 107 of the 132 user-base mutants edit a module-level line of configuration Python (the mechanism's input or the
mechanism itself), not the JAX call. 12 mutants (sampled with random.Random(1814); three multi-device among them)
relabelled alone, each in its own label.py run over a folder holding only that file (and a one-entry manifest.json),
the folder's path as long as /work/famheld18-out (messages are cut at 400 characters and one carries the file's path):
36 / 36 labels agree on every field (outcome, exception, line, line file, raise site, code, class, message,
before_kernel; paths normalised). (A first run from shorter folder paths agreed on 35 / 36: the 0.10.2 MLIRError
message of jax_multimem_store_contiguous_tma__copy_tma.fh18_wait_store_negative_4 quotes the file's path and was cut
at a different character.)

The commands that built /work/famheld18-out (from bench/corpus/; the first two run again after the stage-1 changes):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  ../../.venv/bin/python build_famheld18.py /work/famheld18-out
  nice -n 15 ../../.venv/bin/python label.py /work/famheld18-out --jobs 1 --only famheld18 $PY
  cp /work/famheld18-out/labels.json /tmp/famheld18_stage1.json
  ../../.venv/bin/python build_famheld18.py /work/famheld18-out --keep /tmp/famheld18_stage1.json --per-base 6 --per-op 1
  nice -n 15 ../../.venv/bin/python label.py /work/famheld18-out --jobs 1 --only famheld18 $PY
  (the last two again after the operator rename, with the old name's files and labels deleted in between)
"""

from __future__ import annotations

import importlib

from famheld18_mutate import famheld18_mutants

_famheld = importlib.import_module("build_famheld")
# The harness pieces of the adapted tests, as famheld15 / famheld16 wrote them out.
_fh16 = importlib.import_module("build_famheld16")

KERNELS_A: dict[str, str] = {
    "argsort_swizzle": r'''
"""A tiled, swizzled bf16 tile TMA-loaded, tripled in SMEM and stored back by TMA; the swizzle is the candidate that np.argsort(order='rank') of a structured array of (swizzle, rank) records puts first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

CANDIDATES = np.array([(32, 3), (128, 1), (64, 2)], dtype=[('swizzle', 'i4'), ('rank', 'i4')])
ORDER = np.argsort(CANDIDATES, order='rank')
SWIZZLE = int(CANDIDATES['swizzle'][ORDER[0]])
ROWS, COLS = 64, 128
DTYPE = jnp.bfloat16
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(3, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


triple = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(ORDER, SWIZZLE, jax.jit(triple)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "flip_block": r'''
"""A 2-D emit_pipeline adding two f32 inputs block by block; the block is np.flip of a (columns, rows) size pair."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SIZES = np.array([128, 32])
BLOCK = tuple(int(v) for v in np.flip(SIZES))
SHAPE = (256, 512)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] + y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def add(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK, GRID, jax.jit(add)(x, x).sum())
''',
    "ptp_block_rows": r'''
"""Each CTA of a 1-D grid TMA-loads an f32 row block, subtracts one in SMEM and stores it; the block rows are np.ptp (peak to peak) of a list of row offsets."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

OFFSETS = np.array([0, 64, 32])
BLOCK_ROWS = int(np.ptp(OFFSETS))
ROWS, COLS = 256, 128
NUM_BLOCKS = ROWS // BLOCK_ROWS


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('b') * BLOCK_ROWS, BLOCK_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] - 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


minus_one = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), jnp.float32), plgpu.Barrier()],
    grid=(NUM_BLOCKS,),
    grid_names=('b',),
)

if __name__ == '__main__':
  print(BLOCK_ROWS, NUM_BLOCKS, jax.jit(minus_one)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "convolve_grid": r'''
"""Each CTA of a 2-D grid TMA-loads a tiled, swizzled f16 block, squares it in SMEM and stores it; the grid is np.convolve of two box filters with its first entry dropped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# np.convolve([1, 1], [1, 1]) is [1, 2, 1].
GRID = tuple(int(g) for g in np.convolve([1, 1], [1, 1])[1:])
GRID_NAMES = ('i', 'j')
SHAPE = (256, 128)
BLOCK = (SHAPE[0] // GRID[0], SHAPE[1] // GRID[1])
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('i') * BLOCK[0], BLOCK[0])
  cols = pl.ds(lax.axis_index('j') * BLOCK[1], BLOCK[1])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows, cols], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows, cols])
  plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(BLOCK, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=GRID,
    grid_names=GRID_NAMES,
)

if __name__ == '__main__':
  print(GRID, BLOCK, jax.jit(square)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "roots_blocks": r'''
"""A 2-D emit_pipeline computing x * y over f32 blocks; the block's rows and columns are the two roots np.roots finds for a quadratic's coefficients."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# x ** 2 - 96 x + 2048 = (x - 64) (x - 32).
COEFFS = [1, -96, 2048]
BLOCK = tuple(int(round(r)) for r in np.roots(COEFFS))
SHAPE = (256, 256)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def mul(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK, GRID, jax.jit(mul)(x, x).sum())
''',
    "matrix_rank_wgs": r'''
"""Two compute warpgroups of a warp-specialized emit_pipeline (no outputs) each add their half of every (64, 64) f32 block of x + y into an SMEM accumulator, then one TMA store; the compute warpgroup count is np.linalg.matrix_rank of a role matrix, and the thread count one more for the memory warpgroup."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROLES = np.array([[1, 0], [0, 1], [1, 1]])
COMPUTE_WGS = int(np.linalg.matrix_rank(ROLES))
BLK_M, BLK_N = 64, 64
M, N = 256, 256
GRID = (M // BLK_M, N // BLK_N)
ROWS_PER_WG = BLK_M // COMPUTE_WGS
spec = plgpu.BlockSpec((BLK_M, BLK_N), lambda i, j: (i, j))


def kernel(x_gmem, y_gmem, o_gmem, acc, bar):
  @pl.when(lax.axis_index('wg') == 0)
  def _zero():
    acc[...] = jnp.zeros_like(acc)

  plgpu.barrier_arrive(bar)
  plgpu.barrier_wait(bar)

  def body(_, x_smem, y_smem):
    rows = pl.ds(lax.axis_index('wg') * ROWS_PER_WG, ROWS_PER_WG)
    acc[rows] += x_smem[rows] + y_smem[rows]

  plgpu.emit_pipeline_warp_specialized(
      body,
      grid=GRID,
      max_concurrent_steps=2,
      num_compute_wgs=COMPUTE_WGS,
      memory_registers=40,
      wg_axis='wg',
      in_specs=[spec, spec],
  )(x_gmem, y_gmem)

  plgpu.barrier_arrive(bar)
  plgpu.barrier_wait(bar)

  @pl.when(lax.axis_index('wg') == 0)
  def _store():
    plgpu.copy_smem_to_gmem(acc, o_gmem)
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)


sum_blocks = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((BLK_M, BLK_N), jnp.float32),
    scratch_types=[plgpu.SMEM((BLK_M, BLK_N), jnp.float32), plgpu.Barrier(num_arrivals=COMPUTE_WGS + 1)],
    num_threads=COMPUTE_WGS + 1,
    thread_name='wg',
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.ones((M, N), jnp.float32)
  print(COMPUTE_WGS, GRID, jax.jit(sum_blocks)(x, x).sum())
''',
    "det_registers": r'''
"""A producer warpgroup TMA-loads a tile and a consumer warpgroup computes 2 x - 1 in SMEM and stores it; the consumer's register count is np.linalg.det of a diagonal factor matrix, rounded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

FACTORS = np.array([[29, 0], [0, 8]])
# det is 231.99999999999997 in floating point: round, not int().
HIGH = int(round(np.linalg.det(FACTORS)))
LOW = 40
SHAPE = (128, 128)


def kernel(x_gmem, o_gmem, smem, loaded):
  wg = lax.axis_index('wg')

  @pl.when(wg == 0)
  def _producer():
    plgpu.set_max_registers(LOW, action='decrease')
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)

  @pl.when(wg == 1)
  def _consumer():
    plgpu.set_max_registers(HIGH, action='increase')
    plgpu.barrier_wait(loaded)
    smem[...] = smem[...] * 2.0 - 1.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


twice_minus_one = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    num_threads=2,
    thread_name='wg',
)

if __name__ == '__main__':
  print(LOW, HIGH, jax.jit(twice_minus_one)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "result_type_wgmma": r'''
"""One WGMMA of two TMA-loaded, tiled and swizzled operands into an f32 accumulator under run_scoped; the operand dtype is np.result_type of the activation and weight dtypes (f16 with int8 promotes to f16)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

DTYPE = jnp.dtype(np.result_type(np.float16, np.int8))
M, K, N = 64, 64, 128
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // DTYPE.itemsize)), plgpu.SwizzleTransform(SWIZZLE))


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
  print(DTYPE, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
    "datetime_steps": r'''
"""A 1-D emit_pipeline of x - y / 2 over f32 row blocks; the step count is the number of hours between two np.datetime64 stamps."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

START = np.datetime64('2024-01-01T00')
STOP = np.datetime64('2024-01-01T16')
STEPS = int((STOP - START).astype(int))
BLOCK = (32, 128)
SHAPE = (STEPS * BLOCK[0], BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...] * 0.5

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def sub_half(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(STEPS, jax.jit(sub_half)(x, x).sum())
''',
}

KERNELS_B: dict[str, str] = {
    "urlparse_signal": r'''
"""Under shard_map, a cross-device barrier: each device signals a semaphore on every peer with semaphore_signal_multicast and waits for all of them; the mesh axis and device count are the hostname and port of a URL read with urllib.parse.urlparse."""
import urllib.parse

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
URL = 'mgpu://peers:2/barrier'
PARTS = urllib.parse.urlparse(URL)
AXIS = PARTS.hostname
DEVICES = PARTS.port
SHAPE = (128,)


def kernel(o_ref, sem):
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXIS)
  pl.semaphore_wait(sem, DEVICES)
  o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


def barrier():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(barrier, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
  print(AXIS, DEVICES, fn().shape)
''',
    "email_headers_allreduce": r'''
"""An f32 all-reduce with multimem_load_reduce under shard_map; the mesh axis, reduction op and vector width are header fields parsed by email.parser.Parser().parsestr from a header block."""
import email.parser

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
HEADERS = 'Axis: data\nReduction: add\nVector: 4\n'
MESSAGE = email.parser.Parser().parsestr(HEADERS)
AXIS = MESSAGE['Axis']
OP = MESSAGE['Reduction']
VEC = int(MESSAGE['Vector'])
DEVICES = 2
SHAPE = (128, 128)


def kernel(x_ref, y_ref):
  total = plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op=OP)
  total = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
  y_ref[...] = total


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(AXIS, OP, VEC, fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
    "fmod_remote_copy": r'''
"""Under shard_map, each device stages its shard in SMEM and TMA-stores it into plgpu.remote_ref of the output on a peer; the peer offset is math.fmod of a negative hop count by the device count (fmod keeps the dividend's sign: -1)."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
DEVICES = 2
HOPS = -3
OFFSET = int(math.fmod(HOPS, DEVICES))
AXIS = 'ring'
ROWS, COLS = 8, 128


def kernel(x_ref, y_ref, x_smem):
  x_smem[...] = x_ref[...]
  plgpu.commit_smem()
  peer = (lax.axis_index(AXIS) + OFFSET) % DEVICES
  plgpu.copy_smem_to_gmem(x_smem, plgpu.remote_ref(y_ref, peer))
  plgpu.wait_smem_to_gmem(0)


def shift(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32)])(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(OFFSET, fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
    "pstdev_rows": r'''
"""Each CTA of a 1-D grid TMA-loads a tiled, swizzled f16 row block, doubles it in SMEM and stores it; the block rows are statistics.pstdev of two sample sizes."""
import statistics

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SAMPLES = [32, 160]
BLOCK_ROWS = int(statistics.pstdev(SAMPLES))
ROWS, COLS = 256, 64
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('r') * BLOCK_ROWS, BLOCK_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=(ROWS // BLOCK_ROWS,),
    grid_names=('r',),
)

if __name__ == '__main__':
  print(BLOCK_ROWS, jax.jit(double)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "decimal_block": r'''
"""A 2-D emit_pipeline taking the elementwise maximum of two f32 inputs; the block rows are Decimal('31.5') rounded half up by to_integral_value and the block columns Decimal('1.28').scaleb(2)."""
from decimal import ROUND_HALF_UP, Decimal

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK_ROWS = int(Decimal('31.5').to_integral_value(rounding=ROUND_HALF_UP))
BLOCK_COLS = int(Decimal('1.28').scaleb(2))
SHAPE = (256, 256)
GRID = (SHAPE[0] // BLOCK_ROWS, SHAPE[1] // BLOCK_COLS)


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec((BLOCK_ROWS, BLOCK_COLS), lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = jnp.maximum(x_smem[...], y_smem[...])

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def maximum(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK_ROWS, BLOCK_COLS, jax.jit(maximum)(x, x).sum())
''',
    "heapreplace_depth": r'''
"""A 1-D emit_pipeline of 2 x + y over f32 row blocks; the depth is the smallest stage count left in a heap after heapq.heapreplace swapped its minimum for a new one."""
import heapq

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

STAGES = [1, 3, 5]
# heapreplace pops the smallest (1) before pushing 2: the heap's head is then 2.
heapq.heapreplace(STAGES, 2)
DEPTH = STAGES[0]
STEPS = 8
BLOCK = (32, 128)
SHAPE = (STEPS * BLOCK[0], BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * 2.0 + y_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def axpy(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(STAGES, DEPTH, jax.jit(axpy)(x, x).sum())
''',
    "lru_cache_barriers": r'''
"""Row tiles TMA-loaded each onto its own barrier of an array, scaled and offset in SMEM and stored whole by TMA; the tile count is the number of distinct tile origins, read as the misses of an lru_cache'd function's cache_info() after a visit list with repeats."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

VISITS = [0, 64, 0, 128, 64, 192, 0]


@functools.lru_cache(maxsize=None)
def origin(row):
  return row


for visit in VISITS:
  origin(visit)
NUM_TILES = origin.cache_info().misses
ROWS, COLS = 256, 128
TILE_ROWS = ROWS // NUM_TILES


def kernel(x_gmem, o_gmem, smem, bars):
  for t in range(NUM_TILES):
    rows = pl.ds(t * TILE_ROWS, TILE_ROWS)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[t])
  for t in range(NUM_TILES):
    rows = pl.ds(t * TILE_ROWS, TILE_ROWS)
    plgpu.barrier_wait(bars.at[t])
    smem[rows] = smem[rows] * 2.0 + float(t)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


scale_tiles = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=NUM_TILES)],
)

if __name__ == '__main__':
  print(NUM_TILES, TILE_ROWS, jax.jit(scale_tiles)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "extendleft_blocks": r'''
"""Each CTA of a 1-D grid TMA-loads an f32 row block, computes x * x - x in SMEM and stores it; the block rows are the head of a deque that extendleft filled (extendleft reverses what it is given)."""
import collections

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SIZES = collections.deque([256])
SIZES.extendleft([32, 64])
BLOCK_ROWS = SIZES.popleft()
ROWS, COLS = 512, 64


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('blk') * BLOCK_ROWS, BLOCK_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...] - smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


square_minus = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), jnp.float32), plgpu.Barrier()],
    grid=(ROWS // BLOCK_ROWS,),
    grid_names=('blk',),
)

if __name__ == '__main__':
  print(SIZES, BLOCK_ROWS, jax.jit(square_minus)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
}

KERNELS_C: dict[str, str] = {
    "mro_depth": r'''
"""A 1-D emit_pipeline of x * y + 1 over f32 row blocks; the depth is the length of a buffering class's method resolution order, cls.mro(), less the root class and object."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Stage:
  pass


class Prefetch(Stage):
  pass


class DoubleBuffer(Prefetch):
  pass


# DoubleBuffer, Prefetch, Stage, object.
DEPTH = len(DoubleBuffer.mro()) - 2
STEPS = 16
BLOCK = (32, 128)
SHAPE = (STEPS * BLOCK[0], BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...] + 1.0

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def mul_add(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(DEPTH, jax.jit(mul_add)(x, x).sum())
''',
    "dataclass_fields_arrivals": r'''
"""Three TMA loads onto one barrier, x * y + z in SMEM and a TMA store; the barrier's arrival count is the number of entries in an operand dataclass's __dataclass_fields__."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass
class Operands:
  x: int = 0
  y: int = 1
  z: int = 2


NUM_LOADS = len(Operands.__dataclass_fields__)
SHAPE = (128, 64)
DTYPE = jnp.float32


def kernel(x_gmem, y_gmem, z_gmem, o_gmem, x_smem, y_smem, z_smem, bar):
  for src, dst in zip((x_gmem, y_gmem, z_gmem), (x_smem, y_smem, z_smem)):
    plgpu.copy_gmem_to_smem(src, dst, bar)
  plgpu.barrier_wait(bar)
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
        plgpu.Barrier(num_arrivals=NUM_LOADS),
    ],
)

if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(NUM_LOADS, jax.jit(fma)(x, x, x).sum())
''',
    "isdecimal_tile": r'''
"""A tiled, swizzled tile TMA-loaded, halved in SMEM and stored back by TMA; its rows, columns and dtype come from a '128x64:f32' spec string split into tokens, the sizes being the tokens str.isdecimal accepts."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SPEC = '128x64:f32'
TOKENS = SPEC.replace(':', 'x').split('x')
ROWS, COLS = (int(t) for t in TOKENS if t.isdecimal())
DTYPES = {'f32': jnp.float32, 'f16': jnp.float16, 'bf16': jnp.bfloat16}
DTYPE = DTYPES[next(t for t in TOKENS if not t.isdecimal())]
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(0.5, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


halve = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(TOKENS, ROWS, COLS, jax.jit(halve)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "symmetric_difference_threads": r'''
"""A producer warpgroup TMA-loads a tile and a consumer warpgroup scales it by a factor a fori_loop halves four times, in SMEM, and stores it; the thread count is the size of the role set's symmetric_difference with the roles fused away."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROLES = {'producer', 'consumer', 'epilogue'}
FUSED = {'epilogue'}
NUM_THREADS = len(ROLES.symmetric_difference(FUSED))
LOW, HIGH = 40, 232
ITERS = 4
SHAPE = (128, 64)


def kernel(x_gmem, o_gmem, smem, loaded):
  wg = lax.axis_index('wg')

  @pl.when(wg == 0)
  def _producer():
    plgpu.set_max_registers(LOW, action='decrease')
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)

  @pl.when(wg == 1)
  def _consumer():
    plgpu.set_max_registers(HIGH, action='increase')
    plgpu.barrier_wait(loaded)
    scale = lax.fori_loop(0, ITERS, lambda i, s: s * 0.5, jnp.float32(1.0))
    smem[...] = smem[...] * scale
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


scale_down = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    num_threads=NUM_THREADS,
    thread_name='wg',
)

if __name__ == '__main__':
  print(NUM_THREADS, jax.jit(scale_down)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "percent_format_multimem": r'''
"""Under shard_map, device 0 pushes a WGMMA-layout tile to every peer with multimem_store, then a semaphore handshake; the mesh axis name is built by %-formatting with a mapping, '%(kind)s%(rank)d' % NAMING."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
NAMING = {'kind': 'dev', 'rank': 0}
AXIS = '%(kind)s%(rank)d' % NAMING
DEVICES = 2
SHAPE = (128, 64)


def kernel(y_ref, sem):
  @pl.when(lax.axis_index(AXIS) == 0)
  def _root():
    tile = plgpu.layout_cast(jnp.full(SHAPE, 3.0, jnp.float32), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, (AXIS,))

  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def push():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(push, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(AXIS, fn().shape)
''',
}

# Adapted from tests/pallas/mosaic_gpu_test.py and tests/pallas/gpu_pallas_distributed_test.py at the mirror's HEAD
# (cec06d116c05; test names in each docstring): the test's kernel kept with its first parameter set, its self.kernel /
# self.pallas_call harness rewritten as a plain plgpu.kernel launch under the test classes' Lane semantics (the
# harness pieces as famheld15 / famheld16 wrote them out, reused from build_famheld16.py), and a __main__ driver.
DEFAULT_TRANSFORMS = _fh16.DEFAULT_TRANSFORMS
PALLAS_CALL = _fh16.PALLAS_CALL
PALLAS_CALL_GRID = _fh16.PALLAS_CALL_GRID
GRID_IMPORTS = _fh16.GRID_IMPORTS
LANE = 'compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),'

KERNELS_JAX: dict[str, str] = {
    "jax_copy_7d_tiling_with_unit_middle_dims": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_7d_tiling_with_unit_middle_dims: a (2, 64, 1, 1, 1, 1, 128) f32 array TMA-copied into SMEM tiled (2, 1, 1, 1, 1, 1, 32) and back, the unit middle dimensions dropped to fit TMA's five."""
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# 7D GMEM/SMEM refs with a 7D TilingTransform results in a 14D physical
# shape once tiling is applied.  The unit-sized dimensions are dropped
# when lowering async copies, in order to bring the shape within TMA's
# 5-dimension limit.
shape = (2, 64, 1, 1, 1, 1, 128)
dtype = jnp.float32
transforms = (
    plgpu.TilingTransform((2, 1, 1, 1, 1, 1, 32)),
)


def kernel(x_ref, o_ref, scratch_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref, scratch_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  plgpu.copy_smem_to_gmem(scratch_ref, o_ref)
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, dtype),
    scratch_types=(
        plgpu.SMEM(shape, dtype, transforms=transforms),
        plgpu.Barrier()
    ),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jnp.arange(math.prod(shape), dtype=dtype).reshape(shape)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(f)(x).shape)
''',
    "jax_out_of_bounds_tma_reads": r'''
"""mosaic_gpu_test.py PallasCallTest.test_out_of_bounds_tma_reads (start_offset=0, oob_mode=OOBFillMode.PROMISE_IN_BOUNDS): a 128-element int8 TMA read from a dynamic offset of a 208-element input into an SMEM scratch prefilled with -1."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

start_offset, oob_mode = 0, plgpu.OOBFillMode.PROMISE_IN_BOUNDS
dtype = jnp.int8
gmem_size = 208
smem_size = 128


def kernel(start_idx, x_ref, o_ref, scratch_ref, barrier):
  # Initialize SMEM with -1s to indicate OOB values.
  scratch_ref[...] = jnp.full(scratch_ref.shape, -1, dtype)
  plgpu.commit_smem()

  idx = pl.ds(start_idx[...], smem_size)
  plgpu.copy_gmem_to_smem(
      x_ref.at[idx], scratch_ref, barrier, oob_mode=oob_mode
  )
  plgpu.barrier_wait(barrier)
  o_ref[...] = scratch_ref[...]


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((smem_size,), dtype),
    scratch_types=[plgpu.SMEM((smem_size,), dtype), plgpu.Barrier()],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jnp.arange(gmem_size, dtype=dtype)
  start_idx_val = jnp.array(start_offset, dtype=jnp.int32)
  # The test's comparisons need the run; the kernel is only lowered.
  print(jax.jit(kernel)(start_idx_val, x).shape)
''',
    "jax_transposed_layout": r'''
"""mosaic_gpu_test.py PallasCallTest.test_transposed_layout (layouts=(WGMMA, WGMMA_TRANSPOSED)): a (256, 192) f16 iota built in the WGMMA layout, layout_cast to WGMMA_TRANSPOSED and stored through transpose_ref into a (192, 256) output staged tiled and swizzled, through the pallas_call harness."""
import functools
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + DEFAULT_TRANSFORMS + r'''

layouts = (plgpu.Layout.WGMMA, plgpu.Layout.WGMMA_TRANSPOSED)
layout, transposed_layout = layouts
dtype = jnp.dtype(jnp.float16)
shape = (256, 192)
transforms = default_transforms(dtype=dtype)


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct(shape[::-1], dtype),
    out_specs=plgpu.BlockSpec(transforms=transforms),
)
def kernel(o_ref):
  iota = plgpu.broadcasted_iota(dtype, shape, 0, layout=layout)
  iota *= shape[1]
  iota += plgpu.broadcasted_iota(dtype, shape, 1, layout=layout)
  o_ref_t = plgpu.transpose_ref(o_ref, (1, 0))
  o_ref_t[...] = plgpu.layout_cast(iota, transposed_layout)


if __name__ == '__main__':
  x = jnp.arange(math.prod(shape), dtype=dtype).reshape(shape).T
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)().shape)
''',
    "jax_nd_loop": r'''
"""mosaic_gpu_test.py PallasCallTest.test_nd_loop (sm_steps=1, tiling=None, dynamic_sm_steps=False): an nd_loop over a (1, 4, 33) grid shared by a 132-CTA 'sm' grid, each step writing its flat index into its (sm_step, sm) row."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

sm_steps, tiling, dynamic_sm_steps = 1, None, False
if tiling is not None:
  tiling = (sm_steps, tiling, 33)


def kernel(sm_steps_ref, o_ref):
  sm_steps_val = sm_steps_ref[0] if dynamic_sm_steps else sm_steps

  @plgpu.nd_loop((sm_steps_val, 4, 33), tiling=tiling, collective_axes="sm")
  def _(loop_info):
    idx = loop_info.index
    assert len(idx) == 3
    # We need to use `mode="clip"`, because the indices are not static.
    grid = (sm_steps_val, 4, 33)
    if tiling:
      # Reconstruct the tiled grid and index.
      tiled_grid = tuple(g // t for g, t in zip(grid, tiling))
      grid = tiled_grid + tiling
      tile_idx = tuple(
          lax.div(idx, jnp.int32(t)) for idx, t in zip(idx, tiling))
      subtile_idx = tuple(
          lax.rem(idx, jnp.int32(t)) for idx, t in zip(idx, tiling))
      idx = tile_idx + subtile_idx
    flat_idx = 0
    for i, d in zip(idx, grid):
      flat_idx = flat_idx * d + jnp.clip(i, 0, d - 1)
    sm_step = lax.div(
        flat_idx, lax.convert_element_type(lax.axis_size("sm"), jnp.int32)
    )
    o_ref[sm_step, lax.axis_index("sm")] = lax.broadcast(
        flat_idx, o_ref.shape[-1:]
    )


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((sm_steps, 132, 128), jnp.int32),
    grid=(132,),
    grid_names=("sm",),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(jnp.array([sm_steps], dtype=jnp.int32)).shape)
''',
    "jax_nd_loop_with_carry": r'''
"""mosaic_gpu_test.py PallasCallTest.test_nd_loop_with_carry (sm_steps=1, dynamic_sm_steps=False): test_nd_loop with an int carry counting each CTA's steps into a second (132,) output."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

sm_steps, dynamic_sm_steps = 1, False


def kernel(sm_steps_ref, o_ref, steps_ref):
  sm_steps_val = sm_steps_ref[0] if dynamic_sm_steps else sm_steps
  def body(loop_info, carry):
    idx = loop_info.index
    assert len(idx) == 3
    flat_idx = 0
    for i, d in zip(idx, (sm_steps_val, 4, 33)):
      flat_idx = flat_idx * d + jnp.clip(i, 0, d - 1)
    flat_idx = jnp.int32(flat_idx)
    sm_step = lax.div(
        flat_idx, lax.convert_element_type(lax.axis_size("sm"), jnp.int32)
    )
    o_ref[sm_step, lax.axis_index("sm")] = lax.broadcast(
        flat_idx, o_ref.shape[-1:]
    )
    return carry + 1

  steps_ref[lax.axis_index("sm")] = plgpu.nd_loop(
      (sm_steps_val, 4, 33), collective_axes="sm", init_carry=0
  )(body)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=(
        jax.ShapeDtypeStruct((sm_steps, 132, 128), jnp.int32),
        jax.ShapeDtypeStruct((132,), jnp.int32),
    ),
    grid=(132,),
    grid_names=("sm",),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  result, steps = jax.jit(kernel)(jnp.array([sm_steps], dtype=jnp.int32))
  # The test's comparisons need the run; the kernel is only lowered.
  print(result.shape, steps.shape)
''',
    "jax_realistic_matmul": r'''
"""mosaic_gpu_test.py PallasCallSm90ATest.test_realistic_matmul (lhs_transpose=False, rhs_transpose=False): a (132 x 128, 640) @ (640, 4 x 128) f16 matmul over a (132, 4, 10) grid, the K dimension sequential, a WGMMA per step into an f32 ACC scratch with delay_release=1, through the pallas_call harness."""
''' + GRID_IMPORTS + DEFAULT_TRANSFORMS + PALLAS_CALL_GRID + r'''

lhs_transpose, rhs_transpose = False, False
dtype = jnp.float16
swizzle = 128
elems_128b = swizzle // jnp.dtype(dtype).itemsize
grid_m, grid_k, grid_n = 132, 10, 4
tile_m = tile_n = 128
tile_k = elems_128b
m, k, n = grid_m * tile_m, grid_k * tile_k, grid_n * tile_n


def kernel(a_ref, b_ref, o_ref, acc_ref):
  # Make sure tiling does not alter the shape of references
  if lhs_transpose:
    a_ref = plgpu.transpose_ref(a_ref, (1, 0))
  assert a_ref.shape == (tile_m, tile_k)
  if rhs_transpose:
    b_ref = plgpu.transpose_ref(b_ref, (1, 0))
  assert b_ref.shape == (tile_k, tile_n)
  assert o_ref.shape == acc_ref.shape == (tile_m, tile_n)
  plgpu.wgmma(acc_ref, a_ref, b_ref)
  is_last_step = pl.program_id(2) == grid_k - 1
  @pl.when(is_last_step)
  def _epilogue():
    o_ref[...] = acc_ref[...].astype(dtype)
  plgpu.wgmma_wait(1)  # We don't await the last WGMMA, hence delay_release=1


key1, key2 = jax.random.split(jax.random.key(42), 2)
a_shape = (k, m) if lhs_transpose else (m, k)
a = jax.random.uniform(key1, shape=a_shape, dtype=dtype)
b_shape = (n, k) if rhs_transpose else (k, n)
b = jax.random.uniform(key2, shape=b_shape, dtype=dtype)

transforms = default_transforms(dtype=dtype)

if lhs_transpose:
  lhs_spec = plgpu.BlockSpec(
      (tile_k, tile_m),
      lambda m, n, k: (k, m),
      delay_release=1,
      transforms=transforms,
  )
else:
  lhs_spec = plgpu.BlockSpec(
      (tile_m, tile_k),
      lambda m, n, k: (m, k),
      delay_release=1,
      transforms=transforms,
  )
if rhs_transpose:
  rhs_spec = plgpu.BlockSpec(
      (tile_n, tile_k),
      lambda m, n, k: (n, k),
      delay_release=1,
      transforms=transforms,
  )
else:
  rhs_spec = plgpu.BlockSpec(
      (tile_k, tile_n),
      lambda m, n, k: (k, n),
      delay_release=1,
      transforms=transforms,
  )
out_spec = plgpu.BlockSpec(
    (tile_m, tile_n),
    lambda m, n, k: (m, n),
    transforms=transforms,
)

res_fn = pallas_call(
    kernel,
    in_specs=[lhs_spec, rhs_spec],
    out_specs=out_spec,
    out_shape=jax.ShapeDtypeStruct((m, n), jnp.float16),
    scratch_shapes=[plgpu.ACC((tile_m, tile_n), jnp.float32)],
    grid=(grid_m, grid_n, grid_k),
    compiler_params=plgpu.CompilerParams(
        dimension_semantics=["parallel", "parallel", "sequential"],
        max_concurrent_steps=2,
    ),
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(res_fn)(a, b).shape)
''',
    "jax_manual": r'''
"""mosaic_gpu_test.py PipelineTest.test_manual: a hand-written two-slot pipeline over a (4, 1) grid, TMA loads into (2, 32, 16) f32 SMEM slots on a barrier array under run_scoped, a fori_loop adding 1 and storing by TMA, the next fetch under lax.cond."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

max_concurrent_steps = 2
num_steps = 4


def kernel(x_gmem, o_gmem):
  return pl.run_scoped(
      functools.partial(scoped_kernel, x_gmem, o_gmem),
      plgpu.SMEM((max_concurrent_steps, 32, 16), jnp.float32),
      plgpu.SMEM((max_concurrent_steps, 32, 16), jnp.float32),
      plgpu.Barrier(num_barriers=max_concurrent_steps),
  )


def scoped_kernel(x_gmem, o_gmem, x_smem, o_smem, barrier):
  gmem_slice = pl.ds(lax.axis_index("x") * 32, 32)

  def body(step, _):
    slot = step % max_concurrent_steps

    # Wait for the current GMEM->SMEM copy to complete.
    plgpu.barrier_wait(barrier.at[slot])
    # Wait for the previous output SMEM->GMEM copy to complete.
    plgpu.wait_smem_to_gmem(max_concurrent_steps - 1)

    o_smem.at[slot][...] = x_smem.at[slot][...] + 1.0

    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(
        o_smem.at[slot], o_gmem.at[gmem_slice, pl.ds(step * 16, 16)]
    )

    fetch_step = step + max_concurrent_steps
    fetch_slot = slot  # (x + y) % y == x % y
    jax.lax.cond(
        fetch_step < num_steps,
        lambda: plgpu.copy_gmem_to_smem(
            x_gmem.at[gmem_slice, pl.ds(fetch_step * 16, 16)],
            x_smem.at[fetch_slot],
            barrier.at[fetch_slot],
        ),
        lambda: None,
    )
    return ()

  # Initialize the pipeline.
  for slot in range(min(max_concurrent_steps, num_steps)):
    plgpu.copy_gmem_to_smem(
        x_gmem.at[gmem_slice, pl.ds(slot * 16, 16)],
        x_smem.at[slot],
        barrier.at[slot],
    )

  jax.lax.fori_loop(0, num_steps, body, ())

  # Finalize the pipeline.
  plgpu.wait_smem_to_gmem(0)


x = jnp.arange(32 * 4 * 64).reshape(32 * 4, 64).astype(jnp.float32)
# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    grid=(4, 1),
    grid_names=("x", "y"),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel_fn)(x).shape)
''',
    "jax_no_output": r'''
"""mosaic_gpu_test.py WarpSpecializedPipelineTest.test_no_output: ten runs of a warp-specialized pipeline with no outputs over (64, 64) f32 blocks of a (256, 256) input, two compute warpgroups accumulating halves into an SMEM scratch, barrier-synchronised, then one TMA store."""
import jax
import jax.numpy as jnp
from jax import lax
from jax._src.pallas.mosaic_gpu import pipeline as mgpu_pipeline
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

m = n = 256
blk_m = blk_n = 64


def body(x_ref, o_ref, o_scratch, barrier):
  @pl.when(lax.axis_index("wg") == 0)
  def _():
    o_scratch[...] = jnp.zeros_like(o_scratch)

  # Wait for scratch to be initialized
  plgpu.barrier_arrive(barrier)
  plgpu.barrier_wait(barrier)

  # Make sure we can run the pipeline many times. This also introduces
  # extra jitter into warp scheduling and has uncovered bugs in the past.
  @pl.loop(0, 10)
  def _pipeline_loop(_):
    def add(_, x_smem):
      slc = pl.ds(lax.axis_index("wg") * (blk_m // 2), blk_m // 2)
      o_scratch[slc] += x_smem[slc]
    mgpu_pipeline.emit_pipeline_warp_specialized(
        add,
        grid=(m // blk_m, n // blk_n),
        memory_registers=40,
        max_concurrent_steps=2,
        num_compute_wgs=2,
        wg_axis="wg",
        in_specs=[
            pl.BlockSpec(
                block_shape=(blk_m, blk_n), index_map=lambda i, j: (i, j)
            ),
        ]
    )(x_ref)

  # Wait for both compute WGs to finish initializing the output
  plgpu.barrier_arrive(barrier)
  plgpu.barrier_wait(barrier)

  @pl.when(lax.axis_index("wg") == 0)
  def _():
    plgpu.copy_smem_to_gmem(o_scratch, o_ref)
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    body,
    out_type=jax.ShapeDtypeStruct((blk_m, blk_n), jnp.float32),
    num_threads=3,
    thread_name="wg",
    scratch_types=[
        plgpu.SMEM((blk_m, blk_n), jnp.float32),
        plgpu.Barrier(num_arrivals=3),
    ],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jax.random.uniform(jax.random.key(1234), (m, n), dtype=jnp.float32)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_pipelined_pipeline": r'''
"""mosaic_gpu_test.py WarpSpecializedPipelineTest.test_pipelined_pipeline (manual_consumed_barriers=False): a warp-specialized pipeline over (64, 64) int32 blocks run in START / STEADY / STOP states from allocations made once with get_allocations under run_scoped, summing blocks into SMEM."""
import functools

import jax
import jax.numpy as jnp
from jax._src.pallas.mosaic_gpu import pipeline as mgpu_pipeline
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

manual_consumed_barriers = False
m = n = 512

x = jax.random.randint(jax.random.key(0), (m, n), -10, 15, dtype=jnp.int32)
blk_m = blk_n = 64


def body(x_ref, out_gmem_ref, out_ref):
  wg_idx = jax.lax.axis_index("wg")
  @pl.when(wg_idx == 0)
  def _zero_output():
    out_ref[...] = jnp.zeros_like(out_ref)

  def pipeline_body(_, x_smem, *consumed_barriers):
    out_ref[...] += x_smem[...]
    if manual_consumed_barriers:
      [x_barrier] = consumed_barriers
      plgpu.barrier_arrive(x_barrier)

  spec = pl.BlockSpec(
      block_shape=(blk_m, blk_n), index_map=lambda i, j: (i, j)
  )
  pipeline = functools.partial(
      mgpu_pipeline.emit_pipeline_warp_specialized,
      body=pipeline_body,
      grid=(m // blk_m, n // blk_n),
      memory_registers=40,
      max_concurrent_steps=2,
      num_compute_wgs=1,
      wg_axis="wg",
      manual_consumed_barriers=manual_consumed_barriers,
      in_specs=[spec],
  )

  @functools.partial(
      pl.run_scoped,
      allocs=pipeline(pipeline_state=None).get_allocations(x_ref),
      collective_axes="wg",
  )
  def _pipeline_scope(allocs):
    @pl.loop(0, 2)
    def _outer_loop(_):
      @pl.loop(0, 4)
      def _pipeline_loop(i):
        state = plgpu.PipelinePipeline.START
        state = jnp.where(i > 0, plgpu.PipelinePipeline.STEADY, state)
        state = jnp.where(i == 3, plgpu.PipelinePipeline.STOP, state)
        pipeline(pipeline_state=state)(x_ref, allocations=allocs)
      # Make sure we have properly quiesced the pipeline.
      pipeline(pipeline_state=None)(x_ref, allocations=allocs)

  @pl.when(wg_idx == 0)
  def _store_out():
    out_gmem_ref[...] = out_ref[...]


# Host adaptation: the harness's self.kernel as plgpu.kernel, the class's Lane semantics added to its compiler_params.
kernel = plgpu.kernel(
    body,
    out_type=jax.ShapeDtypeStruct((blk_m, blk_n), jnp.int32),
    compiler_params=plgpu.CompilerParams(approx_math=True, lowering_semantics=plgpu.LoweringSemantics.Lane),
    scratch_types=[plgpu.SMEM((blk_m, blk_n), jnp.int32)],
    num_threads=2,
    thread_name="wg",
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_pipeline_with_manual_allocation": r'''
"""mosaic_gpu_test.py WarpSpecializedPipelineTest.test_pipeline_with_manual_allocation (manual_consumed_barriers=False): a warp-specialized pipeline over (64, 64) int32 blocks of two inputs, its allocations made once with get_allocations under run_scoped and reused four times."""
import functools

import jax
import jax.numpy as jnp
from jax._src.pallas.mosaic_gpu import pipeline as mgpu_pipeline
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

manual_consumed_barriers = False
m = n = 512

x = jax.random.randint(jax.random.key(4), (m, n), -10, 15, dtype=jnp.int32)
y = jax.random.randint(jax.random.key(5), (m, n), -10, 15, dtype=jnp.int32)
blk_m = blk_n = 64


def body(x_ref, y_ref, out_gmem_ref, out_ref):
  wg_idx = jax.lax.axis_index("wg")
  @pl.when(wg_idx == 0)
  def _zero_output():
    out_ref[...] = jnp.zeros_like(out_ref)

  def pipeline_body(_, x_smem, y_smem, *consumed_barriers):
    out_ref[...] += x_smem[...] + y_smem[...]
    for b in consumed_barriers:
      plgpu.barrier_arrive(b)

  spec = pl.BlockSpec(
      block_shape=(blk_m, blk_n), index_map=lambda i, j: (i, j)
  )
  pipeline = mgpu_pipeline.emit_pipeline_warp_specialized(
      body=pipeline_body,
      grid=(m // blk_m, n // blk_n),
      memory_registers=40,
      max_concurrent_steps=2,
      num_compute_wgs=1,
      wg_axis="wg",
      manual_consumed_barriers=manual_consumed_barriers,
      in_specs=[spec, spec],
  )

  @functools.partial(
      pl.run_scoped,
      allocs=pipeline.get_allocations(x_ref, y_ref),
      collective_axes="wg",
  )
  def _alloc_scope(allocs):
    @pl.loop(0, 4)
    def _outer_loop(_):
      pipeline(x_ref, y_ref, allocations=allocs)

  @pl.when(wg_idx == 0)
  def _store_out():
    out_gmem_ref[...] = out_ref[...]


# Host adaptation: the harness's self.kernel as plgpu.kernel, the class's Lane semantics added to its compiler_params.
kernel = plgpu.kernel(
    body,
    out_type=jax.ShapeDtypeStruct((blk_m, blk_n), jnp.int32),
    compiler_params=plgpu.CompilerParams(approx_math=True, lowering_semantics=plgpu.LoweringSemantics.Lane),
    scratch_types=[plgpu.SMEM((blk_m, blk_n), jnp.int32)],
    num_threads=2,
    thread_name="wg",
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x, y).shape)
''',
    "jax_stage6": r'''
"""mosaic_gpu_test.py ExamplesSm90ATest.test_stage6: a (2, 2) grid of CTAs, each running an emit_pipeline over K in 32-wide steps of (64, 32) and (32, 64) f16 blocks tiled and swizzled by default_transforms(swizzle=64), a WGMMA into an f16 ACC under run_scoped, stored or accumulated under lax.cond."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''

m_block = n_block = 64
k_block = 32
x = jax.random.uniform(jax.random.key(42), shape=(128, 128), dtype=jnp.float16)


def kernel(l_ref, r_ref, o_ref):
  def compute(idxs, l_smem, r_smem, o_smem):
    def do_wgmma(acc_ref):
      plgpu.wgmma(acc_ref, l_smem, r_smem)
      return acc_ref[...]
    acc = pl.run_scoped(do_wgmma, plgpu.ACC((m_block, n_block), jnp.float16))
    def _store():
      o_smem[...] = acc
    def _acc():
      o_smem[...] += acc
    step, = idxs
    lax.cond(step == 0, _store, _acc)
  m = lax.axis_index("m")
  n = lax.axis_index("n")
  transforms = default_transforms(swizzle=64, dtype=jnp.float16)
  plgpu.emit_pipeline(
      compute,
      grid=(l_ref.shape[1] // k_block,),
      in_specs=[
          plgpu.BlockSpec(
              (m_block, k_block), lambda k: (m, k), transforms=transforms
          ),
          plgpu.BlockSpec(
              (k_block, n_block), lambda k: (k, n), transforms=transforms
          ),
      ],
      out_specs=[
          plgpu.BlockSpec(
              (m_block, n_block), lambda k: (m, n), transforms=transforms
          )
      ],
  )(l_ref, r_ref, o_ref)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics, its
# out_type=x as a ShapeDtypeStruct of x.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2, 2),
    grid_names=("m", "n"),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x, x).shape)
''',
    "jax_remote_dma_several_mosaic_ops": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_remote_dma_several_mosaic_ops: 25 rounds of two kernels under shard_map over two devices, each signalling the peer, waiting, and storing its (8, 128) f32 shard through plgpu.remote_ref into the peer's output."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(x_ref, y_ref, done_sem):
  other_dev_id = 1 - lax.axis_index("x")
  pl.semaphore_signal(done_sem, device_id=other_dev_id)
  pl.semaphore_wait(done_sem)
  neighbor_ptr = plgpu.remote_ref(y_ref, other_dev_id)
  neighbor_ptr[...] = x_ref[...]
  pl.semaphore_signal(done_sem, device_id=other_dev_id)
  pl.semaphore_wait(done_sem)


def different_kernel(x_ref, y_ref, wait_sem, ready_sem):
  other_dev_id = 1 - lax.axis_index("x")
  pl.semaphore_signal(wait_sem, device_id=other_dev_id)
  pl.semaphore_wait(wait_sem)
  neighbor_ptr = plgpu.remote_ref(y_ref, other_dev_id)
  neighbor_ptr[...] = x_ref[...]
  pl.semaphore_signal(ready_sem, device_id=other_dev_id)
  pl.semaphore_wait(ready_sem)


def body(x):
  result = x
  for _ in range(25):
    # Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
    result = plgpu.kernel(
        kernel,
        out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        scratch_types=[
            plgpu.SemaphoreType.REGULAR,
        ],
        ''' + LANE + r'''
    )(result)

    result = plgpu.kernel(
        different_kernel,
        out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        scratch_types=[
            plgpu.SemaphoreType.REGULAR,
            plgpu.SemaphoreType.REGULAR,
        ],
        ''' + LANE + r'''
    )(result)

  return result


if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process).
  x = jnp.arange(2 * 8 * 128.0, dtype=jnp.float32).reshape((2 * 8, 128))
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ["x"])
  y = jax.jit(
      jax.shard_map(
          body,
          mesh=mesh,
          in_specs=P("x"),
          out_specs=P("x"),
          check_vma=False,
      )
  )(x)
  # The test's comparison needs the run; the kernel is only lowered.
  print(y.shape)
''',
    "jax_remote_dma_atomic_store": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_remote_dma_atomic_store: under shard_map over two devices, each zeroes its (128,) f32 output, handshakes, atomic_adds its shard into the peer's output through plgpu.remote_ref and handshakes again."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(x_ref, y_ref, ready_sem, recv_sem):
  other_dev_id = 1 - lax.axis_index('x')
  y_ref[...] = jnp.zeros_like(y_ref)
  pl.semaphore_signal(ready_sem, device_id=other_dev_id)
  pl.semaphore_wait(ready_sem)

  neighbor_ptr = plgpu.remote_ref(y_ref, other_dev_id)
  plgpu.atomic_add(neighbor_ptr, x_ref[...])

  pl.semaphore_signal(recv_sem, device_id=other_dev_id)
  pl.semaphore_wait(recv_sem)


x = jnp.arange(256, dtype=jnp.float32)
def body(x):
  # Host adaptation: the harness's self.kernel as plgpu.kernel, the class's Lane semantics in its compiler_params.
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
      scratch_types=[
          plgpu.SemaphoreType.REGULAR,
          plgpu.SemaphoreType.REGULAR,
      ],
      ''' + LANE + r'''
  )(x)


if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process).
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
    "jax_contiguous_copy_tma": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_contiguous_copy_tma: on a (1, 2) mesh, device 0 fills a 512-element int32 SMEM tile twice (a WG_STRIDED iota plus an offset) and TMA-stores it through plgpu.remote_ref into both devices' (1024,) outputs, then a semaphore handshake."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
shape = (1024,)
tile = 512


def kernel(y_ref, smem_ref, sem):
  dev_id = lax.axis_index("y")
  other_dev_id = 1 - dev_id

  # Device ID must be an int32.
  zero = jnp.int32(0)

  @pl.when(dev_id == zero)
  def _store():
    # Unrolling to test that offsets are applied correctly.
    for i in range(2):
      base_data = plgpu.layout_cast(
          jnp.arange(tile, dtype=jnp.int32),
          plgpu.Layout.WG_STRIDED((tile,), vec_size=1),
      )
      smem_ref[...] = base_data + (i * tile)
      plgpu.commit_smem()

      y_slice = pl.ds(i * tile, tile)
      plgpu.copy_smem_to_gmem(
          smem_ref,
          plgpu.remote_ref(y_ref, (zero, dev_id)).at[y_slice]
      )
      plgpu.copy_smem_to_gmem(
          smem_ref,
          plgpu.remote_ref(y_ref, (zero, other_dev_id)).at[y_slice]
      )
      plgpu.wait_smem_to_gmem(0)

  pl.semaphore_signal(sem, 1, device_id=(zero, other_dev_id))
  pl.semaphore_wait(sem)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, jnp.int32),
    scratch_types=[
        plgpu.SMEM((tile,), jnp.int32),
        plgpu.SemaphoreType.REGULAR,
    ],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process); jtu.create_mesh((1, 2), ("x", "y")) as
  # jax.make_mesh with Auto axes.
  mesh = jax.make_mesh((1, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
  y = jax.jit(
      jax.shard_map(
          kernel_call,
          mesh=mesh,
          in_specs=(),
          out_specs=P("y"),
          check_vma=False,
      )
  )()
  # The test's process_allgather and comparison need the run; the kernel is only lowered.
  print(y.shape, math.prod(shape))
''',
    "jax_multimem_store_contiguous_tma": r'''
"""gpu_pallas_distributed_test.py PallasCallMultimemTest.test_multimem_store_contiguous_tma: device 0 fills a 512-element int32 SMEM tile twice and TMA-stores it into plgpu.multicast_ref(y_ref, "x") slices of a (1024,) output on every device, then a semaphore handshake."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
shape = (1024,)
tile = 512


def kernel(y_ref, smem_ref, sem):
  @pl.when(lax.axis_index("x") == 0)
  def _store():
    for i in range(2):
      base_data = plgpu.layout_cast(
          jnp.arange(tile, dtype=jnp.int32),
          plgpu.Layout.WG_STRIDED((tile,), vec_size=1),
      )
      smem_ref[...] = base_data + (i * tile)
      plgpu.commit_smem()

      y_slice = pl.ds(i * tile, tile)
      plgpu.copy_smem_to_gmem(
          smem_ref, plgpu.multicast_ref(y_ref, "x").at[y_slice]
      )
      plgpu.wait_smem_to_gmem(0)

  other_dev_id = 1 - lax.axis_index("x")
  pl.semaphore_signal(sem, 1, device_id=other_dev_id)
  pl.semaphore_wait(sem)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, jnp.int32),
    scratch_types=[
        plgpu.SMEM(
            (tile,),
            jnp.int32,
        ),
        plgpu.SemaphoreType.REGULAR,
    ],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process).
  mesh = jax.sharding.Mesh(jax.devices()[:2], ["x"])
  y = jax.jit(
      jax.shard_map(
          kernel_call,
          mesh=mesh,
          in_specs=(),
          out_specs=P("x"),
          check_vma=False,
      )
  )()
  # The test's process_allgather and comparison need the run; the kernel is only lowered.
  print(y.shape, math.prod(shape))
''',
    "jax_multimem_load_reduce": r'''
"""gpu_pallas_distributed_test.py PallasCallMultimemTest.test_multimem_load_reduce (dtype=int32, vector_length=1, reduction="add"): a multimem_load_reduce add of rows 16:-16 of a (96, 32) int32 shard over two devices, layout_cast to WG_STRIDED((64, 32), vec_size=1), then a semaphore handshake."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
dtype, vector_length, reduction, tiled_layout = jnp.int32, 1, "add", False
devices = jax.devices()[:2]


def kernel(x_ref, y_ref, sem_ref):
  if tiled_layout:
    layout = plgpu.Layout.TILED(
        plgpu.Tiling(
            (
                (64, 2 * vector_length),
                (16, 2 * vector_length),
                (vector_length,),
            )
        ),
        warp_dims=(-5,),
        lane_dims=(-3, -2),
        vector_dim=-1,
    )
  else:
    layout = plgpu.Layout.WG_STRIDED((64, 32), vec_size=vector_length)
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(
          x_ref.at[16:-16], collective_axes="x", reduction_op=reduction,
      ),
      layout
  )
  my_device = lax.axis_index("x")
  other_device = 1 - my_device
  pl.semaphore_signal(sem_ref, 1, device_id=other_device)
  pl.semaphore_wait(sem_ref)


# The rounding we see in low precision types seems to be different from
# what JAX/XLA use.
match jnp.dtype(dtype).itemsize:
  case 4:
    bound = 800000
  case 2:
    bound = 128
  case 1:
    bound = 4
  case _:
    raise ValueError(f"Unsupported dtype: {dtype}")
x_local = jax.random.randint(
    jax.random.key(1234), (128 + 64, 32), dtype=jnp.int32, minval=-bound, maxval=bound,
).astype(dtype)
mesh = jax.sharding.Mesh(devices, ("x",))
y_shape = jax.ShapeDtypeStruct((64, 32), dtype)

if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process); the harness's self.kernel as plgpu.kernel,
  # the class's Lane semantics in its compiler_params.
  y = jax.jit(
      jax.shard_map(
          plgpu.kernel(
              kernel,
              out_type=y_shape,
              scratch_types=[plgpu.SemaphoreType.REGULAR],
              ''' + LANE + r'''
          ),
          mesh=mesh,
          in_specs=P("x"),
          out_specs=P("x"),  # Not really, but lets us test.
          check_vma=False,
      )
  )(x_local)
  # The test's process_allgather and comparison need the run; the kernel is only lowered.
  print(y.shape)
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
    _famheld.capped_mutation_cli(__doc__, "famheld18", bases(), famheld18_mutants, seed=1814)


if __name__ == "__main__":
    main()
