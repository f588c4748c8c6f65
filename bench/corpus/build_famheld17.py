"""Build the seventeenth held-out families corpus `famheld17`, written blind: user-style Mosaic GPU kernels written for
this set (no earlier set, `families`, `famheld` ... `famheld16`, used their mechanisms), bases adapted from JAX's own
tests that no earlier set took, and one-edit mutants of them by famheld17_mutate.py (operators written from JAX's own
checks, blind to the checker: nothing under server/, tests/, docs/, bench/results.md or CHANGELOG.md was read, and
neither pallas-lsp nor score.py / score_families.py was run).

usage: build_famheld17.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld17/user/NAME.py  the kernels of KERNELS_A (host numpy), KERNELS_B (standard library) and KERNELS_C (language
                          and data-model forms), written for this set (2-space indents, single-quoted strings). What
                          is new against famheld ... famheld16 (checked by grepping every earlier kernel text, i.e. the
                          string constants of bench/corpus/build*.py, the *_mutate.py files and bench/corpus/idioms*/,
                          for each mechanism's name: none of the names below occurs there) is the Python that carries
                          the values the kernel depends on: host numpy (np.kron of two factor vectors sliced [::2] into
                          a grid, np.einsum('i,i->') of block choices with a one-hot weight, np.ravel_multi_index of
                          the last tile of a tile grid, np.packbits of eight boolean flags, np.frexp of a row width in
                          bytes, np.ldexp of an exponent pair, np.argwhere of a placement matrix's columns and rows,
                          np.select over a condition table, np.piecewise of a step count with a lambda piece,
                          np.cumprod of halving factors, np.trace of np.tril of a role matrix, np.vectorize of a
                          lambda over candidate swizzles with a boolean-mask pick, np.intersect1d of supported and
                          preferred swizzles, np.setxor1d of axis-name arrays), the standard library (bisect.insort
                          into a ladder then list.index, urllib.parse.parse_qsl of a query string into a dict,
                          math.cbrt under round and math.remainder's round-half-even quotient) and language forms
                          (float.hex with str.rindex slicing out the binary exponent, a binary format spec
                          f'{MASK:08b}' with str.rindex, int(text, 16) of hex strings in a role table).
                          Kernels: TMA copies into tiled / swizzled SMEM over plgpu.kernel grids, emit_pipeline
                          (1-D and 2-D, plain and swizzled BlockSpecs), emit_pipeline_warp_specialized, barrier arrays
                          and per-barrier arrival counts, WGMMA with an ACC under run_scoped, set_max_registers in
                          producer / consumer warpgroups, and under jax.shard_map a multimem_load_reduce all-reduce,
                          a plgpu.remote_ref TMA store to the next device and a semaphore handshake.
  famheld17/jax/NAME.py   tests that no earlier set took as a base (checked by a script against the test names in
                          every bench/corpus builder / mutator, bench/corpus/idioms*/ and every /work/*/manifest.json):
                          of tests/pallas/mosaic_gpu_test.py (mirror HEAD cec06d116c05) PallasCallTest.
                          test_copy_smem_to_gmem_predicate (predicate=True), test_async_prefetch (indexer=...),
                          test_barrier_test (use_single_warp=True), test_program_id_in_squashed_grid,
                          test_fori_loop_scalar (force_while=False), test_optimization_barrier,
                          test_optimization_barrier_multiple_inputs; PallasCallSm90ATest.
                          test_wgmma_reshaped_rhs_unit_tiling; PipelineTest.
                          test_emit_with_dynamic_grid_smaller_than_concurrent_steps; ExamplesTest.test_stage3,
                          test_stage4, test_stage5; of tests/pallas/gpu_pallas_distributed_test.py
                          PallasCallRemoteDMATest.test_wait_nodec. Also built, and dropped at stage 2 (below):
                          PipelineTest.test_pipeline_oob_mode. Tests that load with plgpu.load(ref, layout=...) were
                          not taken (0.10.2's load() wants an index argument: famheld16's drops). Each keeps the
                          test's kernel and first parameter set, its self.kernel / self.pallas_call harness rewritten
                          as a plain plgpu.kernel launch under the test class's Lane semantics. Host adaptations, each
                          commented where it is made: the harness's self.pallas_call for grid=() and for a grid
                          written out and self.default_transforms (PALLAS_CALL, PALLAS_CALL_GRID, DEFAULT_TRANSFORMS,
                          GRID_IMPORTS reused from build_famheld16.py, as famheld15 wrote them), the test module's
                          _fori_loop helper copied, decorator launches written as plain assignments, test_stage4 /
                          test_stage5's out_type=x as a ShapeDtypeStruct of x, test_wait_nodec's process_index guard
                          dropped (one process), the numerical checks dropped (kernels are only lowered).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for CUDA, never
compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld17).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to --per-base operators,
the ones the earlier bases got least first, and up to --per-op mutants of each, sampled with a fixed seed (an operator
for at most --max-per-op bases; build_famheld.capped_mutation_cli); edits anywhere in the file but the docstring line.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld17_dropped.json.

Stage-1 fixes of my own bugs (first labelling, /work/famheld17-out): binary_format_rows as first written squared
(32, 64) f16 blocks staged with (8, 64) tiles and a 128-byte swizzle over 16 steps (MASK 0b00100000): 0.10.2 raised
"Tiling ((64, 8), (16, 8), (8, 8), (2,)) does not apply to shape (32, 64)" and 0.11.2 / 0.12.0.1 "Failed to infer a
possible set of layouts"; its mask was made 0b01000000 (64-row blocks) over 8 steps and it then lowered clean. Every
other user base lowered clean on 0.10.2, 0.11.2 and 0.12.0.1 as first written. One adapted test did not lower clean as
JAX wrote it and was dropped by stage 2 (famheld17_dropped.json): test_pipeline_oob_mode (0.10.2: "BlockSpec.__init__()
got an unexpected keyword argument 'oob_fill_mode'"). After the first stage-2 labelling one operator was rewritten
(control_flow.fh17_vectorize_f32 edited the line DTYPE = jnp.bfloat16, which kron_grid has too, and there gave a clean
dtype change under a control_flow name; it became control_flow.fh17_vectorize_itemsize_4, an edit of the vectorized
call's itemsize argument that only vectorize_swizzle has); stage 2 was built again, the 11 mutants it no longer chose
deleted (files and labels) and the new ones labelled.
Counts: 34 bases built, 33 kept (20 user, 13 jax); 198 mutants (6 per base); 693 labels of the manifest's 231 files
(labels.json also keeps the dropped base's stage-1 labels); broken 0 / 0 / 0; failing files 127 / 123 / 123 (0.10.2 /
0.11.2 / 0.12.0.1), all of them mutants; 71 mutants clean on every release, 4 with outcomes that differ by release.
86 of the 120 user-base mutants edit a module-level line of configuration Python (the mechanism's input or the
mechanism itself), not the JAX call. 12 mutants (sampled with random.Random(1714); three multi-device among them) relabelled alone, each in its own
label.py run over a folder holding only that file (and a one-entry manifest.json): 34 / 36 labels agree on every field
(outcome, exception, line, line file, raise site, code, class, message, before_kernel; paths normalised); the other
two (cbrt_semaphore__kernel_mesh_config.fh17_cbrt_sem_barrier_0 on 0.11.2 and 0.12.0.1) agree on every field but the
message, which prints a Python set of semaphore types whose order changes between interpreter runs (string hash
randomisation).

The commands that built /work/famheld17-out (from bench/corpus/; the first two run again after the stage-1 change):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  ../../.venv/bin/python build_famheld17.py /work/famheld17-out
  nice -n 15 ../../.venv/bin/python label.py /work/famheld17-out --jobs 1 --only famheld17 $PY
  cp /work/famheld17-out/labels.json /tmp/famheld17_stage1.json
  ../../.venv/bin/python build_famheld17.py /work/famheld17-out --keep /tmp/famheld17_stage1.json --per-base 6 --per-op 1
  nice -n 15 ../../.venv/bin/python label.py /work/famheld17-out --jobs 1 --only famheld17 $PY
  (the last two again after the operator change, with the unchosen mutants' files and labels deleted in between)
"""

from __future__ import annotations

import importlib

from famheld17_mutate import famheld17_mutants

_famheld = importlib.import_module("build_famheld")
# The harness pieces of the adapted tests, as famheld15 / famheld16 wrote them out.
_fh16 = importlib.import_module("build_famheld16")

KERNELS_A: dict[str, str] = {
    "kron_grid": r'''
"""Each CTA of a 2-D grid TMA-loads a tiled, swizzled bf16 block, doubles it in SMEM and stores it; the grid is every other entry of np.kron of a row and a column factor vector."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROW_FACTORS = np.array([1, 2])
COL_FACTORS = np.array([2, 1])
# np.kron([1, 2], [2, 1]) is [2, 1, 4, 2]; its even entries are the grid.
GRID = tuple(int(g) for g in np.kron(ROW_FACTORS, COL_FACTORS)[::2])
GRID_NAMES = ('m', 'n')
SHAPE = (256, 256)
BLOCK = (SHAPE[0] // GRID[0], SHAPE[1] // GRID[1])
DTYPE = jnp.bfloat16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('m') * BLOCK[0], BLOCK[0])
  cols = pl.ds(lax.axis_index('n') * BLOCK[1], BLOCK[1])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows, cols], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(2, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows, cols])
  plgpu.wait_smem_to_gmem(0)


double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(BLOCK, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=GRID,
    grid_names=GRID_NAMES,
)

if __name__ == '__main__':
  print(GRID, BLOCK, jax.jit(double)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "einsum_block_rows": r'''
"""A 2-D emit_pipeline computing x - 2 * y over f32 blocks; the block rows are the dot product of row choices with a one-hot weight vector, np.einsum('i,i->', ...)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROW_CHOICES = np.array([16, 32, 64])
WEIGHTS = np.array([0, 1, 0])
BLOCK_ROWS = int(np.einsum('i,i->', ROW_CHOICES, WEIGHTS))
BLOCK_COLS = 128
SHAPE = (512, 256)
GRID = (SHAPE[0] // BLOCK_ROWS, SHAPE[1] // BLOCK_COLS)


def kernel(x_gmem, y_gmem, o_gmem):
  spec = pl.BlockSpec((BLOCK_ROWS, BLOCK_COLS), lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - 2.0 * y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def sub2(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK_ROWS, GRID, jax.jit(sub2)(x, x).sum())
''',
    "ravel_index_barriers": r'''
"""Row tiles TMA-loaded each onto its own barrier of an array, offset by their index in SMEM and stored whole by TMA; the number of tiles (and barriers) is np.ravel_multi_index of the last tile of a 2-D tile grid, plus one."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE_GRID = (2, 4)
LAST_TILE = (TILE_GRID[0] - 1, TILE_GRID[1] - 1)
NUM_TILES = int(np.ravel_multi_index(LAST_TILE, TILE_GRID)) + 1
ROWS, COLS = 256, 128
TILE_ROWS = ROWS // NUM_TILES


def kernel(x_gmem, o_gmem, smem, bars):
  for t in range(NUM_TILES):
    rows = pl.ds(t * TILE_ROWS, TILE_ROWS)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[t])
  for t in range(NUM_TILES):
    rows = pl.ds(t * TILE_ROWS, TILE_ROWS)
    plgpu.barrier_wait(bars.at[t])
    smem[rows] = smem[rows] + float(t)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


offset_tiles = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=NUM_TILES)],
)

if __name__ == '__main__':
  print(NUM_TILES, TILE_ROWS, jax.jit(offset_tiles)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "packbits_swizzle": r'''
"""A tiled, swizzled f16 tile TMA-loaded, incremented in SMEM and stored back by TMA; the swizzle is the byte np.packbits makes of eight boolean flags."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

FLAGS = np.array([False, True, False, False, False, False, False, False])
SWIZZLE = int(np.packbits(FLAGS)[0])
ROWS, COLS = 64, 128
DTYPE = jnp.float16
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + jnp.asarray(1, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


increment = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(SWIZZLE, jax.jit(increment)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "frexp_swizzle_wgmma": r'''
"""One f16 WGMMA of two TMA-loaded, tiled and swizzled operands, the f32 result written to GMEM; the swizzle is 2 to the exponent np.frexp finds for the row width in bytes, minus one."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROW_BYTES = 128.0
# np.frexp(128.0) is (0.5, 8): 128 = 0.5 * 2 ** 8.
_, EXPONENT = np.frexp(ROW_BYTES)
SWIZZLE = 1 << int(EXPONENT - 1)
M, K, N = 64, 64, 128
DTYPE = jnp.float16
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
    "ldexp_blocks": r'''
"""A 2-D emit_pipeline computing x * y - y over f32 blocks; the block is np.ldexp(1.0, exponents) of a stored exponent pair."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

EXPONENTS = np.array([5, 7])
BLOCK = tuple(int(v) for v in np.ldexp(1.0, EXPONENTS))
SHAPE = (512, 256)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def mulsub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK, GRID, jax.jit(mulsub)(x, x).sum())
''',
    "argwhere_arrivals": r'''
"""Three TMA loads onto two barriers, x + y - z in SMEM and a TMA store; a placement matrix says which barrier each load signals, and each barrier's arrival count is the number of rows np.argwhere finds in its column."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

PLACEMENT = np.array([[1, 0], [0, 1], [1, 0]])
ARRIVALS = tuple(len(np.argwhere(PLACEMENT[:, b])) for b in range(PLACEMENT.shape[1]))
TARGETS = [int(np.argwhere(row)[0, 0]) for row in PLACEMENT]
SHAPE = (128, 64)
DTYPE = jnp.float32


def kernel(x_gmem, y_gmem, z_gmem, o_gmem, x_smem, y_smem, z_smem, bar0, bar1):
  bars = (bar0, bar1)
  for src, dst, target in zip((x_gmem, y_gmem, z_gmem), (x_smem, y_smem, z_smem), TARGETS):
    plgpu.copy_gmem_to_smem(src, dst, bars[target])
  plgpu.barrier_wait(bar0)
  plgpu.barrier_wait(bar1)
  x_smem[...] = x_smem[...] + y_smem[...] - z_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


combine = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[
        plgpu.SMEM(SHAPE, DTYPE),
        plgpu.SMEM(SHAPE, DTYPE),
        plgpu.SMEM(SHAPE, DTYPE),
        *[plgpu.Barrier(num_arrivals=n) for n in ARRIVALS],
    ],
)

if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(ARRIVALS, TARGETS, jax.jit(combine)(x, x, x).sum())
''',
    "select_registers": r'''
"""A producer warpgroup TMA-loads a tile, a consumer warpgroup squares it plus one in SMEM and stores it; the consumer's register count is what np.select picks for the thread count from a table of conditions."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

THREADS = 2
HIGH = int(np.select([THREADS <= 2, THREADS <= 3], [232, 160], default=128))
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
    x = smem[...]
    smem[...] = x * x + 1.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


square_plus = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    num_threads=THREADS,
    thread_name='wg',
)

if __name__ == '__main__':
  print(LOW, HIGH, jax.jit(square_plus)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "piecewise_depth": r'''
"""A 1-D emit_pipeline of x + y * y over f32 row blocks; the depth is np.piecewise of the step count (one stage for short grids, an eighth of the steps otherwise)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

STEPS = 16
STEP_ARRAY = np.asarray(STEPS)
DEPTH = int(np.piecewise(STEP_ARRAY, [STEP_ARRAY < 8, STEP_ARRAY >= 8], [1, lambda s: s // 8]))
BLOCK = (32, 128)
SHAPE = (STEPS * BLOCK[0], BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] + y_smem[...] * y_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def add_square(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(DEPTH, jax.jit(add_square)(x, x).sum())
''',
    "cumprod_grid": r'''
"""Each CTA of a 1-D grid TMA-loads an f32 row block, computes x * x + 1 in SMEM and stores it; the grid is the last of np.cumprod over halving factors, and the block the rows it leaves."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

FACTORS = np.array([2, 2, 2])
NUM_BLOCKS = int(np.cumprod(FACTORS)[-1])
ROWS, COLS = 512, 128
BLOCK_ROWS = ROWS // NUM_BLOCKS


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('blk') * BLOCK_ROWS, BLOCK_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...] + 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


square_plus_one = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), jnp.float32), plgpu.Barrier()],
    grid=(NUM_BLOCKS,),
    grid_names=('blk',),
)

if __name__ == '__main__':
  print(NUM_BLOCKS, BLOCK_ROWS, jax.jit(square_plus_one)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "trace_compute_wgs": r'''
"""A warp-specialized emit_pipeline computing x * y over f32 blocks; the number of compute warpgroups is np.trace of a lower-triangular role matrix less the memory warpgroup, and the thread count one more."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROLES = np.tril(np.ones((2, 2), dtype=int))
COMPUTE_WGS = int(np.trace(ROLES)) - 1
BLK_M, BLK_N = 32, 64
M, N = 128, 128
GRID = (M // (COMPUTE_WGS * BLK_M), N // BLK_N)
spec = plgpu.BlockSpec((COMPUTE_WGS * BLK_M, BLK_N), lambda i, j: (i, j))


def body(_, x_smem, y_smem, o_smem):
  rows = pl.ds(lax.axis_index('wg') * BLK_M, BLK_M)
  o_smem[rows] = x_smem[rows] * y_smem[rows]


def pipeline(x_gmem, y_gmem, o_gmem):
  plgpu.emit_pipeline_warp_specialized(
      body,
      grid=GRID,
      max_concurrent_steps=2,
      num_compute_wgs=COMPUTE_WGS,
      memory_registers=40,
      wg_axis='wg',
      in_specs=[spec, spec],
      out_specs=[spec],
  )(x_gmem, y_gmem, o_gmem)


mul = plgpu.kernel(
    pipeline,
    out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
    num_threads=COMPUTE_WGS + 1,
    thread_name='wg',
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.ones((M, N), jnp.float32)
  print(COMPUTE_WGS, GRID, jax.jit(mul)(x, x).sum())
''',
    "vectorize_swizzle": r'''
"""Each CTA of a 1-D grid TMA-loads a tiled, swizzled bf16 column block, computes 1 - x in SMEM and stores it; np.vectorize turns candidate swizzles into tile widths and the swizzle is the one whose width is the block's."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

DTYPE = jnp.bfloat16
ROWS, COLS = 128, 256
BLOCK_COLS = 64
SWIZZLES = np.array([32, 64, 128])
tile_width = np.vectorize(lambda swizzle, itemsize: swizzle // itemsize)
WIDTHS = tile_width(SWIZZLES, jnp.dtype(DTYPE).itemsize)
SWIZZLE = int(SWIZZLES[WIDTHS == BLOCK_COLS][0])
TILE = (8, int(WIDTHS[SWIZZLES == SWIZZLE][0]))
TRANSFORMS = (plgpu.TilingTransform(TILE), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  cols = pl.ds(lax.axis_index('c') * BLOCK_COLS, BLOCK_COLS)
  plgpu.copy_gmem_to_smem(x_gmem.at[:, cols], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = jnp.asarray(1, DTYPE) - smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[:, cols])
  plgpu.wait_smem_to_gmem(0)


one_minus = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, BLOCK_COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=(COLS // BLOCK_COLS,),
    grid_names=('c',),
)

if __name__ == '__main__':
  print(SWIZZLE, TILE, jax.jit(one_minus)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "intersect1d_wgmma": r'''
"""One f16 WGMMA over K = 128 of two TMA-loaded, tiled and swizzled operands, the f32 result written to GMEM; the swizzle is the largest of np.intersect1d of the supported swizzles and the row widths in bytes an autotuner preferred."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SUPPORTED = np.array([32, 64, 128])
PREFERRED = np.array([512, 128, 256])
SWIZZLE = int(np.intersect1d(SUPPORTED, PREFERRED)[-1])
M, K, N = 64, 128, 64
DTYPE = jnp.float16
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
  print(SWIZZLE, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
    "setxor1d_allreduce": r'''
"""An f32 all-reduce sum with multimem_load_reduce under shard_map; the mesh axis is what np.setxor1d leaves of the candidate axis names once the unused one is taken out."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CANDIDATES = np.array(['model', 'data'])
UNUSED = np.array(['model'])
AXIS = str(np.setxor1d(CANDIDATES, UNUSED)[0])
DEVICES = 2
SHAPE = (128, 128)
VEC = 4


def kernel(x_ref, y_ref):
  total = plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op='add')
  total = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
  y_ref[...] = total


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(AXIS, fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
}

KERNELS_B: dict[str, str] = {
    "insort_depth": r'''
"""A 1-D emit_pipeline of x * y + x over f32 row blocks; the depth is the stage count just below a budget that bisect.insort placed in a sorted ladder."""
import bisect

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

LADDER = [1, 2, 4, 8]
BUDGET = 3
bisect.insort(LADDER, BUDGET)
DEPTH = LADDER[LADDER.index(BUDGET) - 1]
STEPS = 16
BLOCK = (32, 128)
SHAPE = (STEPS * BLOCK[0], BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...] + x_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def fma(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(LADDER, DEPTH, jax.jit(fma)(x, x).sum())
''',
    "parse_qsl_remote_copy": r'''
"""Under shard_map, each device stages its shard in SMEM and TMA-stores it into plgpu.remote_ref of the output on the next device; the mesh axis, device count and rows come from urllib.parse.parse_qsl of a query string."""
import urllib.parse

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
QUERY = 'axis=ring&devices=2&rows=8'
CONFIG = dict(urllib.parse.parse_qsl(QUERY))
AXIS = CONFIG['axis']
DEVICES = int(CONFIG['devices'])
ROWS = int(CONFIG['rows'])
COLS = 128


def kernel(x_ref, y_ref, x_smem):
  x_smem[...] = x_ref[...]
  plgpu.commit_smem()
  peer = (lax.axis_index(AXIS) + 1) % DEVICES
  plgpu.copy_smem_to_gmem(x_smem, plgpu.remote_ref(y_ref, peer))
  plgpu.wait_smem_to_gmem(0)


def shift(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32)])(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(CONFIG, fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
    "cbrt_semaphore": r'''
"""Under shard_map, each device signals a semaphore on its peer, waits for its own and writes x + 1; the device count is round(math.cbrt(8)) and the peer offset math.remainder of a hop count by it."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
DEVICES = round(math.cbrt(8))
HOPS = 3
# math.remainder rounds the quotient to even: remainder(3, 2) is -1.0.
OFFSET = int(math.remainder(HOPS, DEVICES))
AXIS = 'x'
SHAPE = (8, 128)


def kernel(x_ref, y_ref, sem):
  peer = (lax.axis_index(AXIS) + OFFSET) % DEVICES
  pl.semaphore_signal(sem, 1, device_id=peer)
  pl.semaphore_wait(sem)
  y_ref[...] = x_ref[...] + 1.0


def handshake(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(handshake, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(DEVICES, OFFSET, fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
}

KERNELS_C: dict[str, str] = {
    "float_hex_swizzle": r'''
"""A tiled, swizzled f32 tile TMA-loaded, quartered in SMEM and stored back by TMA; the swizzle is 1 shifted by the binary exponent read out of float.hex of the row width in bytes (the digits after its 'p', found with str.rindex)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

ROW_BYTES = 64.0
HEX = float.hex(ROW_BYTES)
SWIZZLE = 1 << int(HEX[HEX.rindex('p') + 1:])
ROWS, COLS = 128, 64
DTYPE = jnp.float32
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * 0.25
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


quarter = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(HEX, SWIZZLE, jax.jit(quarter)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "binary_format_rows": r'''
"""A 1-D emit_pipeline squaring f16 row blocks staged tiled and swizzled; the block rows are 1 shifted by the position of the last set bit in f'{MASK:08b}', the mask written as a binary format spec."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

MASK = 0b01000000
BITS = f'{MASK:08b}'
BLOCK_ROWS = 1 << (len(BITS) - 1 - BITS.rindex('1'))
COLS = 64
STEPS = 8
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec((BLOCK_ROWS, COLS), lambda i: (i, 0), transforms=TRANSFORMS)

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] * x_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, o_gmem)


def square(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == '__main__':
  x = jnp.ones((STEPS * BLOCK_ROWS, COLS), DTYPE)
  print(BITS, BLOCK_ROWS, jax.jit(square)(x).sum())
''',
    "hex_string_registers": r'''
"""A producer warpgroup TMA-loads a tile and a consumer warpgroup halves it minus one in SMEM and stores it; both register counts are hex strings of a role table parsed with int(text, 16)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

REGISTERS = {'producer': '0x28', 'consumer': '0xe8'}
LOW = int(REGISTERS['producer'], 16)
HIGH = int(REGISTERS['consumer'], 16)
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
    smem[...] = smem[...] * 0.5 - 1.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


halve = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    num_threads=2,
    thread_name='wg',
)

if __name__ == '__main__':
  print(LOW, HIGH, jax.jit(halve)(jnp.ones(SHAPE, jnp.float32)).sum())
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
    "jax_copy_smem_to_gmem_predicate": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_smem_to_gmem_predicate (predicate=True): the GMEM output zeroed, a 256-element SMEM scratch of ones committed and TMA-stored over it under a predicate."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

predicate = True


def kernel(o_ref_gmem, scratch_ref):
  o_ref_gmem[...] = jnp.zeros([256], dtype=jnp.float32)
  scratch_ref[...] = jnp.ones([256], dtype=jnp.float32)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(scratch_ref, o_ref_gmem, predicate=predicate)
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([256], jnp.float32),
    scratch_types=[plgpu.SMEM((256,), jnp.float32)],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)().shape)
''',
    "jax_async_prefetch": r'''
"""mosaic_gpu_test.py PallasCallTest.test_async_prefetch (indexer=...): an async_prefetch of the GMEM input, then its TMA copy into a 256-element SMEM scratch, x + 1 written to the output."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

indexer = ...


def kernel(x_ref_gmem, o_ref, scratch_ref, barrier_ref):
  plgpu.async_prefetch(x_ref_gmem.at[indexer])
  plgpu.copy_gmem_to_smem(
      x_ref_gmem.at[indexer], scratch_ref.at[indexer], barrier_ref
  )
  plgpu.barrier_wait(barrier_ref)
  o_ref[...] = scratch_ref[...] + 1


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([256], jnp.float32),
    scratch_types=[
        plgpu.SMEM((256,), jnp.float32),
        plgpu.Barrier(),
    ],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jnp.arange(256).astype(jnp.float32)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_barrier_test": r'''
"""mosaic_gpu_test.py PallasCallTest.test_barrier_test (use_single_warp=True): barrier_test of two barriers before and after barrier_arrive, written as int32 into a (5,) output by warp 0 under warp_map."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

use_single_warp = True


def kernel(o_ref, barrier_ref):
  def test_barrier():
    o_ref[0] = plgpu.barrier_test(barrier_ref.at[0]).astype(jnp.int32)
    o_ref[1] = plgpu.barrier_test(barrier_ref.at[1]).astype(jnp.int32)
    plgpu.barrier_arrive(barrier_ref.at[0])
    o_ref[2] = plgpu.barrier_test(barrier_ref.at[0]).astype(jnp.int32)
    o_ref[3] = plgpu.barrier_test(barrier_ref.at[1]).astype(jnp.int32)
    plgpu.barrier_arrive(barrier_ref.at[1])
    o_ref[4] = plgpu.barrier_test(barrier_ref.at[1]).astype(jnp.int32)

  if use_single_warp:
    plgpu.warp_map(lambda warp_id: pl.when(warp_id == 0)(test_barrier))
  else:
    test_barrier()


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((5,), jnp.int32),
    scratch_types=[plgpu.Barrier(num_barriers=2)],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)().shape)
''',
    "jax_program_id_in_squashed_grid": r'''
"""mosaic_gpu_test.py PallasCallTest.test_program_id_in_squashed_grid: a (2, 3, 4, 5) grid squashed onto three CUDA grid dimensions, each (1, 1, 1, 1, 128) int32 block filled with its linear program index."""
''' + GRID_IMPORTS + PALLAS_CALL_GRID + r'''

# Tests whether a grid with >3 logical dimensions is correctly squashed to
# 3 CUDA grid dimensions.
grid = (2, 3, 4, 5)


@functools.partial(
    pallas_call,
    in_specs=(),
    out_specs=pl.BlockSpec((1,) * len(grid) + (128,), lambda *i: (*i, 0)),
    out_shape=jax.ShapeDtypeStruct([*grid, 128], jnp.int32),
    grid=grid,
)
def kernel(o_ref):
  mult = 1
  idx = 0
  for axis in range(len(grid)-1, -1, -1):
    idx += pl.program_id(axis) * mult
    mult *= pl.num_programs(axis)
  o_ref[...] = jnp.full(o_ref.shape, idx)


if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)().shape)
''',
    "jax_fori_loop_scalar": r'''
"""mosaic_gpu_test.py PallasCallTest.test_fori_loop_scalar (force_while=False): the int32 sum 2 + 3 of a fori_loop broadcast into a 256-element output through the pallas_call harness."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''

force_while = False


def _fori_loop(force_while: bool, lb, ub, body, init):
  # The test module's helper, copied.
  if force_while:
    # using jnp.asarray make the matcher for while or scan to think
    # that the bounds are dynamic and forces the use of the while
    # primitive.
    lb, ub = jnp.asarray(lb), jnp.asarray(ub)
  return jax.lax.fori_loop(lb, ub, body, init)


@functools.partial(
    pallas_call, out_shape=jax.ShapeDtypeStruct([256], jnp.int32)
)
def kernel(o_ref):
  # Equivalent to 2 + 3.
  o_ref[...] = jax.lax.broadcast(
      _fori_loop(force_while, 2, 4, lambda i, x: x + i, jnp.int32(0)),
      o_ref.shape,
  )


if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)().shape)
''',
    "jax_optimization_barrier": r'''
"""mosaic_gpu_test.py PallasCallTest.test_optimization_barrier: a (128,) f32 input passed through lax.optimization_barrier into the output, through the pallas_call harness."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + PALLAS_CALL + r'''


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
)
def kernel(x_ref, o_ref):
  o_ref[...] = lax.optimization_barrier(x_ref[...])


if __name__ == '__main__':
  x = jax.lax.iota(jnp.float32, 128)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_optimization_barrier_multiple_inputs": r'''
"""mosaic_gpu_test.py PallasCallTest.test_optimization_barrier_multiple_inputs: two (128,) f32 GMEM loads and a scalar through one lax.optimization_barrier, x + c + y written to the output."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(x_ref, y_ref, o_ref):
  c = jnp.float32(5)
  x, c, y = lax.optimization_barrier([x_ref[...], c, y_ref[...]])
  o_ref[...] = x + c + y


# Host adaptation: the test's functools.partial(self.kernel, ...) as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jax.lax.iota(jnp.float32, 128)
  y = jax.lax.iota(jnp.float32, 128) * 3
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x, y).shape)
''',
    "jax_wgmma_reshaped_rhs_unit_tiling": r'''
"""mosaic_gpu_test.py PallasCallSm90ATest.test_wgmma_reshaped_rhs_unit_tiling: a (64, 128) f16 LHS and a (128, 2, 64) RHS tiled (8, 1, 64) and swizzled, TMA-loaded, the RHS reshaped to (128, 128) for one WGMMA into an f32 accumulator."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''


def kernel(lhs_ref, rhs_ref, out_ref, lhs_smem, rhs_smem, barrier_ref):
  plgpu.copy_gmem_to_smem(lhs_ref, lhs_smem, barrier_ref)
  plgpu.copy_gmem_to_smem(rhs_ref, rhs_smem, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  def scope(acc_ref):
    plgpu.wgmma(acc_ref, lhs_smem, rhs_smem.reshape(128, 128))
    return acc_ref[...]
  out_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))


key1, key2 = jax.random.split(jax.random.key(42), 2)
a = jax.random.uniform(key1, shape=(64, 128), dtype=jnp.float16)
b = jax.random.uniform(key2, shape=(128, 2, 64), dtype=jnp.float16)

lhs_transforms = default_transforms(dtype=jnp.float16)
rhs_transforms = (plgpu.TilingTransform((8, 1, 64)), plgpu.SwizzleTransform(128))

# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    scratch_types=[
        plgpu.SMEM((64, 128), jnp.float16, transforms=lhs_transforms),
        plgpu.SMEM((128, 2, 64), jnp.float16, transforms=rhs_transforms),
        plgpu.Barrier(num_arrivals=2),
    ],
    out_type=jax.ShapeDtypeStruct((64, 128), jnp.float32),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel_fn)(a, b).shape)
''',
    "jax_pipeline_oob_mode": r'''
"""mosaic_gpu_test.py PipelineTest.test_pipeline_oob_mode: a one-step emit_pipeline copying a 512-element int8 block whose input BlockSpec has oob_fill_mode=OOBFillMode.UNDEFINED."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# This test crashes with the default OOB fill mode of ZEROS because
# it can't copy large 1D arrays.

dtype = jnp.int8
block_size = 512


def kernel(x_gmem, o_gmem):
  def pipeline_body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...]

  plgpu.emit_pipeline(
      pipeline_body,
      grid=(1,),
      in_specs=[
          plgpu.BlockSpec(
              (block_size,),
              lambda i: (i,),
              oob_fill_mode=plgpu.OOBFillMode.UNDEFINED,
          )
      ],
      out_specs=[plgpu.BlockSpec((block_size,), lambda i: (i,))],
      max_concurrent_steps=1,
  )(x_gmem, o_gmem)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((block_size,), dtype),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jnp.arange(block_size, dtype=dtype)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel_fn)(x).shape)
''',
    "jax_emit_with_dynamic_grid_smaller_than_concurrent_steps": r'''
"""mosaic_gpu_test.py PipelineTest.test_emit_with_dynamic_grid_smaller_than_concurrent_steps: two emit_pipelines in a row copying (128,) int32 blocks over a grid whose size is read from a GMEM scalar (0), two concurrent steps."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

block_x = 128
x = jax.random.randint(jax.random.key(1234), (block_x,),
                       minval=-128, maxval=128, dtype=jnp.int32)


def body(num_blocks_gmem, x_gmem, o_gmem):
  num_blocks = num_blocks_gmem[...]
  def pipeline_body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...]
  for _ in range(2):
    plgpu.emit_pipeline(
        pipeline_body,
        grid=(num_blocks,),
        in_specs=[plgpu.BlockSpec((block_x,), lambda i: (i,))],
        out_specs=[plgpu.BlockSpec((block_x,), lambda i: (i,))],
        max_concurrent_steps=2,
    )(x_gmem, o_gmem)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    body,
    out_type=jax.ShapeDtypeStruct((block_x,), jnp.int32),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test only intends to check that this does not crash/hang; the kernel is only lowered.
  print(jax.jit(kernel_fn)(0, x).shape)
''',
    "jax_stage3": r'''
"""mosaic_gpu_test.py ExamplesTest.test_stage3: a grid of two row blocks, each CTA TMA-loading (64, 128) f16 blocks of both inputs on one barrier, adding them in SMEM and TMA-storing the sum."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

row_block, col_block = 64, 128


def kernel(l_ref, r_ref, o_ref, l_smem, r_smem, o_smem, barrier):
  my_slice = pl.ds(lax.axis_index("rows") * row_block, row_block)
  plgpu.copy_gmem_to_smem(l_ref.at[my_slice], l_smem, barrier)
  plgpu.copy_gmem_to_smem(r_ref.at[my_slice], r_smem, barrier)
  plgpu.barrier_wait(barrier)
  o_smem[...] = l_smem[...] + r_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_ref.at[my_slice])
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.float16),
    scratch_types=[
        *([plgpu.SMEM((row_block, col_block), jnp.float16)] * 3),
        plgpu.Barrier(num_arrivals=2),
    ],
    grid=(2,),
    grid_names=("rows",),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jnp.arange(128 * 128, dtype=jnp.float16).reshape(128, 128)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x, x).shape)
''',
    "jax_stage4": r'''
"""mosaic_gpu_test.py ExamplesTest.test_stage4: a grid of two row blocks, each CTA running an emit_pipeline over (64, 32) f16 column blocks that adds two inputs."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

row_block, col_block = 64, 32
x = jnp.arange(128 * 128, dtype=jnp.float16).reshape(128, 128)


def kernel(l_ref, r_ref, o_ref):
  def compute(_, l_smem, r_smem, o_smem):
    o_smem[...] = l_smem[...] + r_smem[...]
  r = lax.axis_index("rows")
  block = pl.BlockSpec((row_block, col_block), lambda c: (r, c))
  plgpu.emit_pipeline(
      compute,
      grid=(l_ref.shape[1] // col_block,),
      in_specs=[block] * 2,
      out_specs=[block],
  )(l_ref, r_ref, o_ref)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics, its
# out_type=x as a ShapeDtypeStruct of x.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    grid_names=("rows",),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x, x).shape)
''',
    "jax_stage5": r'''
"""mosaic_gpu_test.py ExamplesTest.test_stage5: test_stage4 with (64, 32) f16 column blocks tiled and swizzled by default_transforms(swizzle=64)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''

row_block, col_block = 64, 32
x = jnp.arange(128 * 128, dtype=jnp.float16).reshape(128, 128)


def kernel(l_ref, r_ref, o_ref):
  def compute(_, l_smem, r_smem, o_smem):
    o_smem[...] = l_smem[...] + r_smem[...]
  r = lax.axis_index("rows")
  block = plgpu.BlockSpec(
      (row_block, col_block),
      lambda c: (r, c),
      transforms=default_transforms(swizzle=64, dtype=jnp.float16),
  )
  plgpu.emit_pipeline(
      compute,
      grid=(l_ref.shape[1] // col_block,),
      in_specs=[block] * 2,
      out_specs=[block],
  )(l_ref, r_ref, o_ref)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics, its
# out_type=x as a ShapeDtypeStruct of x.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    grid_names=("rows",),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x, x).shape)
''',
    "jax_wait_nodec": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_wait_nodec: each of two devices signals its peer's semaphore by 2, waits without decrementing, then with, and writes ones to an (8, 128) output."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(y_ref, sem):
  other_dev_id = 1 - lax.axis_index('x')
  pl.semaphore_signal(sem, 2, device_id=other_dev_id)
  pl.semaphore_wait(sem, decrement=False)
  pl.semaphore_wait(sem, 2, decrement=False)
  pl.semaphore_wait(sem, 2)
  y_ref[...] = jnp.ones_like(y_ref)


# Host adaptation: the harness's self.kernel as plgpu.kernel, the class's Lane semantics in its compiler_params.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_types=[plgpu.SemaphoreType.REGULAR],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  y = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=P(None), check_vma=False,
      )
  )()
  # The test's comparison needs the run; the kernel is only lowered.
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
    _famheld.capped_mutation_cli(__doc__, "famheld17", bases(), famheld17_mutants, seed=1714)


if __name__ == "__main__":
    main()
