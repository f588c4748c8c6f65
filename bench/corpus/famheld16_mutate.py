"""One-edit mutations for the sixteenth held-out families corpus `famheld16`, written blind from JAX's own checks (the
`raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py, jax/_src/pallas/core.py and
jax/experimental/mosaic/gpu of JAX 0.12.0.1, cited at operators by file:line from /work/shared/jax-raise-sites/sites.tsv
where one site is meant, or by their message) and from the Python the bases use (what numpy's lexsort / partition /
polyfit / char.add / count_nonzero / roll / unpackbits, cmath.rect, math.nextafter, statistics.quantiles /
geometric_mean, queue.PriorityQueue, operator.countOf, an async context manager, inspect frames, a suspended
generator's gi_frame, the legacy __getitem__ iteration protocol and late-binding closures do with an edited value).
Nothing else: the checker was not read, and the earlier sets' operators only for their names (every name here carries
the prefix `fh16_`).

The user bases (build_famheld16.py) keep what the kernel depends on in Python that no earlier famheld set used, so
many operators edit the value where the program keeps it (a candidate array or a sort key, a partition index, measured
points or the fitted degree, a string array, a boolean mask, a roll shift, a flag byte, a phasor, a stage limit, a
measured list or quantile count, queue entries, a stage list, a budget, a caller's local, a generator's local, a ladder
length, a loop tuple), some so that numpy or the user's own code raises before any kernel (a ValueError, TypeError,
KeyError, IndexError, ZeroDivisionError, StatisticsError, queue.Empty or AttributeError in the configuration code),
others so that the value flows into a JAX check; the rest edit the kernel or its launch (index maps, block / grid
shapes, axis, thread and grid names, collective axes, reduction ops, layouts and layout_casts, transforms, barriers,
dtypes, compiler params, the adapted tests' literals). A few generic ones fit many bases and are capped by
--max-per-op.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX; "(expected clean)" marks
operators written expecting none, "?" an expectation I was unsure of. The comments are the expectations written
before labelling.
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ============================================================ lexsort_blocks (np.lexsort)
    # ? the first of the order: a (16, 128) block (smallest bytes, fewest rows).
    ("blockspec_grid.fh16_lexsort_first", C(r"(CANDIDATES\[ORDER\[)(-1)(\]\])"), _to("0")),
    # ? the keys swapped: rows primary, bytes secondary -> the (64, 64) block still last.
    ("blockspec_grid.fh16_lexsort_keys_swapped",
     C(r"(np\.lexsort\(\()(CANDIDATES\[:, 0\], CANDIDATES\[:, 0\] \* CANDIDATES\[:, 1\])(\)\))"),
     _to("CANDIDATES[:, 0] * CANDIDATES[:, 1], CANDIDATES[:, 0]")),
    # ? a (96, 64) candidate wins: 96-row blocks over 512 rows (the grid floors).
    ("blockspec_grid.fh16_lexsort_candidate_96", C(r"(\[32, 128\], )(\[64, 64\])(, \[32, 64\])"), _to("[96, 64]")),
    # launch_context (TMA needs 16 bytes along the minor dimension) a (64, 2) candidate that sorts last.
    ("copy_tma.fh16_lexsort_candidate_2cols", C(r"(CANDIDATES = np\.array\(\[\[32, 128\], )(\[64, 64\])()"), _to("[4096, 2]")),
    # (a ValueError unpacking three values into two, before any launch) a three-column table.
    ("control_flow.fh16_lexsort_three_cols", C(r"(\[32, 64\], )(\[16, 128\])(\]\))"), _to("[16, 128, 1]")),
    # pallas/core.py (index map result rank) a 1-tuple for a 2-D block.
    ("blockspec_grid.fh16_lexsort_index_rank", C(r"(BLOCK_COLS\), lambda i, j: )(\(i, j\))(\))"), _to("(i,)")),

    # ============================================================ partition_depth (np.partition)
    # pipeline.py (max_concurrent_steps must be positive?) the smallest latency 0.
    ("pipeline.fh16_partition_zero_latency", C(r"(LATENCIES = np\.array\(\[5, )(2)(, 9, 3, 7\]\))"), _to("0")),
    # (a ValueError from numpy: kth out of bounds, before any launch) kth 5 of five.
    ("control_flow.fh16_partition_kth_5", C(r"(np\.partition\(LATENCIES, )(1)(\)\[1\])"), _to("5")),
    # ? the largest latency: 9 stages of three 16 KiB buffers.
    ("pipeline.fh16_partition_largest", C(r"(np\.partition\(LATENCIES, 1\)\[)(1)(\])"), _to("-1")),
    # (expected clean) the smallest latency: depth 2.
    ("pipeline.fh16_partition_smallest", C(r"(np\.partition\(LATENCIES, 1\)\[)(1)(\])"), _to("0")),
    # ? an f32 depth (int() dropped).
    ("pipeline.fh16_partition_float_depth", C(r"(DEPTH = )(int\(np\.partition\(LATENCIES, 1\)\[1\]\))()"),
     _to("float(np.partition(LATENCIES, 1)[1])")),
    # ? a grid of 15 steps over 16 blocks.
    ("blockspec_grid.fh16_partition_grid_short", C(r"(grid=\()(STEPS)(,\), in_specs)"), _to("STEPS - 1")),
    # (a (32, 64) block for a 128-column array: the pipeline's index map ranks) the block halved in columns.
    ("blockspec_grid.fh16_partition_block_cols", C(r"^(BLOCK = \(32, )(128)(\))"), _to("64")),

    # ============================================================ polyfit_registers (np.polyfit)
    # primitives.py:3544 "n must be a positive multiple of 8": the rounding dropped (232 still a multiple?).
    ("kernel_mesh_config.fh16_polyfit_no_round8",
     C(r"(HIGH = int\(np\.round\(SLOPE \* THREADS \+ INTERCEPT\)\))( // 8 \* 8)()"), _to(" + 4")),
    # ? a steeper line: 272 registers (above 255).
    ("kernel_mesh_config.fh16_polyfit_steeper", C(r"(MEASURED_REGS = np\.array\(\[)(240\.0, 232\.0, 216\.0)(\]\))"),
     _to("320.0, 272.0, 176.0")),
    # (a ValueError unpacking three coefficients into two, before any launch) degree 2.
    ("control_flow.fh16_polyfit_degree_2", C(r"(np\.polyfit\(THREAD_COUNTS, MEASURED_REGS, )(1)(\))"), _to("2")),
    # (numpy's TypeError: expected x and y to have same length) a point dropped from y.
    ("control_flow.fh16_polyfit_short_y", C(r"(MEASURED_REGS = np\.array\(\[)(240\.0, 232\.0, 216\.0)(\]\))"),
     _to("240.0, 232.0")),
    # primitives.py:3544 (a multiple of 8) LOW 20.
    ("kernel_mesh_config.fh16_polyfit_low_20", C(r"^(LOW = )(24)()(?=\s*$)"), _to("20")),
    # (an unbound axis name) axis_index('warp').
    ("axis_unknown.fh16_polyfit_axis", C(r"(wg = lax\.axis_index\(')(wg)('\))"), _to("warp")),
    # ? one thread: the math branch never runs.
    ("kernel_mesh_config.fh16_polyfit_threads_1", C(r"^(THREADS = )(2)()(?=\s*$)"), _to("1")),

    # ============================================================ char_add_allreduce (np.char.add)
    # ? the second name: axis 'data' for mesh and kernel alike (expected clean).
    ("axis_unknown.fh16_char_add_second", C(r"(AXIS = str\(NAMES\[)(0)(\]\))"), _to("1")),
    # (numpy's ValueError / broadcast error, before any launch) three suffixes for two prefixes.
    ("control_flow.fh16_char_add_mismatch", C(r"(SUFFIXES = np\.array\(\[)('ers', 'ta')(\]\))"), _to("'ers', 'ta', 'x'")),
    # primitives.py:5810 (collective axes must cover the mesh) a collective axis that is not the mesh's.
    ("shard_map_axis_names_subset.fh16_char_add_collective_literal",
     C(r"(collective_axes=\()(AXIS)(,\), reduction_op)"), _to("'data'")),
    # ? a reduction op 'max'.
    ("reduction_dtype.fh16_char_add_reduce_max", C(r"(reduction_op=')(add)(')"), _to("max")),
    # primitives.py:5821 (tiled or WG strided layouts only) a WGMMA layout_cast.
    ("layout_unsupported.fh16_char_add_layout_wgmma",
     C(r"(total = plgpu\.layout_cast\(total, )(plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\))(\))"),
     _to("plgpu.Layout.WGMMA")),
    # primitives.py:5816 (output layout not inferred) the layout_cast dropped.
    ("layout_missing.fh16_char_add_no_layout_cast",
     C(r"^(\s+)(total = plgpu\.layout_cast\(total, plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\)\))()"), _to("pass")),
    # ? a vector size of 3.
    ("layout_unsupported.fh16_char_add_vec_3", C(r"^(VEC = )(4)()(?=\s*$)"), _to("3")),

    # ============================================================ count_nonzero_arrivals (np.count_nonzero)
    # core.py "Num arrivals must be at least 1": every load on the first barrier.
    ("barrier.fh16_count_nonzero_all_first", C(r"(ON_FIRST = np\.array\(\[True, )(False)(, True\]\))"), _to("True")),
    # (expected clean) the placement flipped: counts follow the mask.
    ("barrier.fh16_count_nonzero_flip", C(r"(ON_FIRST = np\.array\(\[)(True, False, True)(\]\))"), _to("False, True, False")),
    # ? the inverse count dropped: both barriers count the first's loads.
    ("barrier.fh16_count_nonzero_no_invert", C(r"(np\.count_nonzero\()(~ON_FIRST)(\)\))"), _to("ON_FIRST")),
    # (a TypeError: ~ on an int list, before any launch) the mask a list of ints.
    ("control_flow.fh16_count_nonzero_int_list", C(r"(ON_FIRST = )(np\.array\(\[True, False, True\]\))()"), _to("[1, 0, 1]")),
    # primitives.py (TMA shapes must match) y's buffer with half the rows.
    ("copy_tma.fh16_count_nonzero_y_rows", C(r"^(\s+)(plgpu\.SMEM\(SHAPE, DTYPE\),)()(?=\s*$)"), _to("plgpu.SMEM((64, 64), DTYPE),")),
    # ? an f16 output from an f32 buffer.
    ("copy_tma.fh16_count_nonzero_out_f16", C(r"(out_type=jax\.ShapeDtypeStruct\(SHAPE, )(DTYPE)(\))"), _to("jnp.float16")),

    # ============================================================ roll_grid_names (np.roll)
    # (an unbound axis name 'row' where the names are not rolled) shift 0.
    ("axis_unknown.fh16_roll_names_no_shift", C(r"(np\.roll\(STORED_NAMES, )(1)(\))"), _to("0")),
    # ? the grid not rolled: (2, 4) blocks of (256, 64) bf16.
    ("blockspec_grid.fh16_roll_grid_no_shift", C(r"(np\.roll\(STORED_GRID, )(1)(\))"), _to("0")),
    # (expected clean) a shift of 3 (odd: same as 1).
    ("blockspec_grid.fh16_roll_shift_3", C(r"(np\.roll\(STORED_GRID, )(1)(\))"), _to("3")),
    # ? a duplicated grid name.
    ("kernel_mesh_config.fh16_roll_names_dup", C(r"(STORED_NAMES = np\.array\(\[)('col', 'row')(\]\))"), _to("'row', 'row'")),
    # lowering.py "Minor tiling dimension does not fit swizzle": a 64-byte swizzle over 64-element tiles.
    ("swizzle_tiling.fh16_roll_tiling_literal", C(r"(plgpu\.TilingTransform\(\(8, )(SWIZZLE // jnp\.dtype\(DTYPE\)\.itemsize)(\)\))"),
     _to("32")),
    # (a float32 scalar against a bf16 ref: a dtype error?) the scalar's dtype.
    ("ops_dtypes.fh16_roll_scalar_f32", C(r"(jnp\.asarray\(3, )(DTYPE)(\))"), _to("jnp.float32")),

    # ============================================================ unpackbits_swizzle_wgmma (np.unpackbits)
    # ? bit 1: a 64-byte swizzle for 128-byte rows of A.
    ("swizzle_tiling.fh16_unpackbits_bit1", C(r"(FLAGS = np\.array\(\[)(0b00000100)(\], dtype=np\.uint8\))"), _to("0b00000010")),
    # ? bit 3: a 256-byte swizzle.
    ("swizzle_tiling.fh16_unpackbits_bit3", C(r"(FLAGS = np\.array\(\[)(0b00000100)(\], dtype=np\.uint8\))"), _to("0b00001000")),
    # (numpy's TypeError: unpackbits needs uint8, before any launch) int64 flags.
    ("control_flow.fh16_unpackbits_int64", C(r"(dtype=np\.)(uint8)(\))"), _to("int64")),
    # ? little bit order: bit index counted from the other end.
    ("swizzle_tiling.fh16_unpackbits_little", C(r"(BITS = np\.unpackbits\(FLAGS)()(\))"), _to(", bitorder='little'")),
    # primitives.py:2320 "WGMMA rhs swizzle must match lhs swizzle": B with a 64-byte swizzle.
    ("swizzle_tiling.fh16_unpackbits_rhs_swizzle",
     C(r"(plgpu\.SMEM\(\(K, N\), DTYPE, transforms=)(TRANSFORMS)(\))"),
     _to("(plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(64))")),
    # (a wgmma of f32 operands?) f32 inputs and buffers.
    ("wgmma_mma.fh16_unpackbits_f32", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float32")),
    # ? an M of 32 (below the 64-row WGMMA).
    ("wgmma_mma.fh16_unpackbits_m_32", C(r"^(M, K, N = )(64)(, 64, 128)"), _to("32")),

    # ============================================================ cmath_rect_blocks (cmath.rect)
    # ? a 30-degree phase: a (128 + 32, 55) block.
    ("blockspec_grid.fh16_rect_phase_6", C(r"(cmath\.rect\(64\.0, math\.pi / )(2)(\))"), _to("6")),
    # (a TypeError: round of a complex, before any launch) .real dropped.
    ("control_flow.fh16_rect_no_real", C(r"(BLOCK = \(round\()(PHASOR\.real)(\))"), _to("PHASOR")),
    # ? a 256-row block (32 KiB x 4 = 128 KiB of SMEM, 2 CTAs on rows).
    ("blockspec_grid.fh16_rect_magnitude_256", C(r"(cmath\.rect\()(128\.0)(, 0\.0\))"), _to("256.0")),
    # launch_context (TMA box) a 2-column block: 8 bytes along the minor dimension.
    ("copy_tma.fh16_rect_two_cols", C(r"(cmath\.rect\()(64\.0)(, math\.pi / 2\))"), _to("2.0")),
    # primitives.py (TMA shapes) the SMEM buffer transposed.
    ("copy_tma.fh16_rect_smem_swapped", C(r"(plgpu\.SMEM\()(BLOCK)(, jnp\.float32\))"), _to("BLOCK[::-1]")),
    # (an unbound axis name) axis_index('row').
    ("axis_unknown.fh16_rect_axis", C(r"(rows = pl\.ds\(lax\.axis_index\(')(r)('\))"), _to("row")),

    # ============================================================ nextafter_depth (math.nextafter)
    # ? toward +inf: floor(4.000...01) = 4 stages of 3 x 32 KiB.
    ("pipeline.fh16_nextafter_up", C(r"(math\.nextafter\(STAGE_LIMIT, )(0\.0)(\))"), _to("math.inf")),
    # pipeline.py (a depth of 0) limit 1.
    ("pipeline.fh16_nextafter_limit_1", C(r"^(STAGE_LIMIT = )(4\.0)()(?=\s*$)"), _to("1.0")),
    # ? a float depth (floor dropped).
    ("pipeline.fh16_nextafter_float", C(r"(DEPTH = )(math\.floor\(math\.nextafter\(STAGE_LIMIT, 0\.0\)\))()"),
     _to("math.nextafter(STAGE_LIMIT, 0.0)")),
    # (a TypeError: nextafter of a string, before any launch).
    ("control_flow.fh16_nextafter_str", C(r"^(STAGE_LIMIT = )(4\.0)()(?=\s*$)"), _to("'4'")),
    # ? a limit of 9: 8 stages of 96 KiB.
    ("pipeline.fh16_nextafter_limit_9", C(r"^(STAGE_LIMIT = )(4\.0)()(?=\s*$)"), _to("9.0")),
    # (a (32, 128) index map result for the 1-D grid: rank) 2-tuple index.
    ("blockspec_grid.fh16_nextafter_index_rank", C(r"(plgpu\.BlockSpec\(BLOCK, lambda i: )(\(i, 0\))(\))"), _to("(i, 0, 0)")),

    # ============================================================ quantiles_block_rows (statistics.quantiles)
    # ? the first quartile: 48-row blocks.
    ("blockspec_grid.fh16_quantiles_first", C(r"(BLOCK_ROWS = int\(CUTS\[)(1)(\]\))"), _to("0")),
    # (an IndexError: n=2 gives one cut, before any launch).
    ("control_flow.fh16_quantiles_n2", C(r"(statistics\.quantiles\(MEASURED, n=)(4)(\))"), _to("2")),
    # ? the inclusive method.
    ("blockspec_grid.fh16_quantiles_inclusive", C(r"(statistics\.quantiles\(MEASURED, n=4)()(\))"), _to(", method='inclusive'")),
    # (statistics.StatisticsError: one data point, before any launch).
    ("control_flow.fh16_quantiles_one_point", C(r"(MEASURED = )(\[32, 48, 64, 64, 96, 128, 160\])()"), _to("[64]")),
    # ? the third quartile: 128-row blocks.
    ("blockspec_grid.fh16_quantiles_third", C(r"(BLOCK_ROWS = int\(CUTS\[)(1)(\]\))"), _to("2")),
    # (a row block stored into a block).
    ("ref_store.fh16_quantiles_store_row", C(r"(o_smem\[\.\.\.\] = )(x_smem\[\.\.\.\] \+ 2\.0 \* y_smem\[\.\.\.\])()"),
     _to("(x_smem[...] + 2.0 * y_smem[...])[0]")),

    # ============================================================ priority_queue_swizzle (queue.PriorityQueue)
    # ? the 32-byte swizzle cheapest.
    ("swizzle_tiling.fh16_pq_cheap_32", C(r"(for cost, swizzle in \(\()(3)(, 32\))"), _to("0")),
    # (expected clean) get_nowait on the filled queue.
    ("control_flow.fh16_pq_get_nowait_empty", C(r"(_, SWIZZLE = CHOICES\.)(get)(\(\))"), _to("get_nowait")),
    # ? a 16-byte swizzle entry first.
    ("swizzle_tiling.fh16_pq_swizzle_16", C(r"(\(1, )(128)(\), \(2, 64\))"), _to("16")),
    # ? a WG_STRIDED layout load.
    ("layout_unsupported.fh16_pq_layout_strided", C(r"(x = load_regs\(smem, )(plgpu\.Layout\.WGMMA)(\))"),
     _to("plgpu.Layout.WG_STRIDED((ROWS, COLS), vec_size=2)")),
    # ? 32 columns: 64-byte rows under a 128-byte swizzle.
    ("swizzle_tiling.fh16_pq_cols_32", C(r"^(ROWS, COLS = 128, )(64)()(?=\s*$)"), _to("32")),

    # ============================================================ countof_warpgroups (operator.countOf)
    # ? three warpgroups: 42-row shares (not a multiple of 8?) over 128 rows.
    ("kernel_mesh_config.fh16_countof_three", C(r"(STAGES = \['update', )('store')(, 'update'\])"), _to("'update'")),
    # (ZeroDivisionError: no 'update' stage, before any launch) countOf of a misspelt name.
    ("control_flow.fh16_countof_typo", C(r"(operator\.countOf\(STAGES, ')(update)('\))"), _to("updates")),
    # ? the done barrier with one arrival for two warpgroups.
    ("barrier.fh16_countof_arrivals_1", C(r"(plgpu\.Barrier\(num_arrivals=)(WARPGROUPS)(\))"), _to("1")),
    # (an unbound axis name) thread_name 'warpgroup'.
    ("axis_unknown.fh16_countof_thread_name", C(r"(thread_name=')(wg)(')"), _to("warpgroup")),
    # ? four warpgroups (num_threads) for two shares.
    ("kernel_mesh_config.fh16_countof_threads_4", C(r"(num_threads=)(WARPGROUPS)(,)"), _to("4")),
    # (two barriers for a kernel taking three refs after the buffer?) the done barrier dropped: a TypeError while tracing.
    ("kernel_args.fh16_countof_no_done", C(r"^(\s+)(plgpu\.Barrier\(num_arrivals=WARPGROUPS\)\],)()"), _to("],")),

    # ============================================================ geometric_mean_cols (statistics.geometric_mean)
    # ? 32 and 512: a 128-column block, a 256-byte swizzle.
    ("swizzle_tiling.fh16_gmean_wide", C(r"(COL_OPTIONS = \[)(32, 128)(\])"), _to("32, 512")),
    # ? 8 and 32: 16-column blocks, a 32-byte swizzle.
    ("swizzle_tiling.fh16_gmean_narrow", C(r"(COL_OPTIONS = \[)(32, 128)(\])"), _to("8, 32")),
    # (statistics.StatisticsError: a zero option, before any launch).
    ("control_flow.fh16_gmean_zero", C(r"(COL_OPTIONS = \[)(32, 128)(\])"), _to("0, 128")),
    # ? the arithmetic mean: 80 columns, a 160-byte swizzle.
    ("swizzle_tiling.fh16_gmean_fmean", C(r"(statistics\.)(geometric_mean)(\(COL_OPTIONS\))"), _to("fmean")),
    # (expected clean) the swizzle literal 128.
    ("swizzle_tiling.fh16_gmean_swizzle_literal", C(r"^(SWIZZLE = )(BLOCK_COLS \* jnp\.dtype\(DTYPE\)\.itemsize)()"), _to("128")),
    # (an unbound axis name) axis_index('col').
    ("axis_unknown.fh16_gmean_axis", C(r"(cols = pl\.ds\(lax\.axis_index\(')(c)('\))"), _to("col")),
    # ? the grid one CTA short.
    ("blockspec_grid.fh16_gmean_grid_short", C(r"(grid=\()(COLS // BLOCK_COLS)(,\),)"), _to("COLS // BLOCK_COLS - 1")),

    # ============================================================ aenter_depth (async with / __aenter__)
    # pipeline.py (a depth of 0) a budget below one stage.
    ("pipeline.fh16_aenter_budget_small", C(r"(async with StageBudget\()(160 \* 1024)(\) as depth)"), _to("32 * 1024")),
    # ? the cap raised: 3 stages stay (160 KiB / 48 KiB).
    ("pipeline.fh16_aenter_cap_8", C(r"(return min\()(4)(, self\.total_bytes // STAGE_BYTES\))"), _to("8")),
    # ? a budget of 400 KiB: 4 stages (192 KiB of SMEM).
    ("pipeline.fh16_aenter_budget_large", C(r"(async with StageBudget\()(160 \* 1024)(\) as depth)"), _to("400 * 1024")),
    # (a TypeError: the bound object is a coroutine, not an int) __aenter__ not awaited... as a sync method.
    ("control_flow.fh16_aenter_sync", C(r"^(\s+)(async )(def __aenter__\(self\):)"), _to("")),
    # (the grant is a float: true division).
    ("pipeline.fh16_aenter_truediv", C(r"(self\.total_bytes )(//)( STAGE_BYTES\))"), _to("/")),

    # ============================================================ frame_back_block (inspect f_back)
    # (a KeyError: the caller has no 'rows', before any launch) the local renamed.
    ("control_flow.fh16_frame_local_renamed", C(r"(caller\.f_locals\[')(rows)('\])"), _to("row")),
    # (an AttributeError: f_back of the module frame is None? ...) f_back twice reads the module's globals: KeyError.
    ("control_flow.fh16_frame_back_twice", C(r"(caller = inspect\.currentframe\(\)\.f_back)()()"), _to(".f_back")),
    # ? a (64, 96) block: 512 columns floor to 5 blocks.
    ("blockspec_grid.fh16_frame_cols_96", C(r"(rows, cols = 64, )(128)()"), _to("96")),
    # ? the block transposed: (128, 64).
    ("blockspec_grid.fh16_frame_swapped", C(r"(return caller\.f_locals\['rows'\], caller\.f_locals\['cols'\])()()"), _to("[::-1]")),
    # primitives.py (TMA shapes) the whole input copied into the block buffer.
    ("copy_tma.fh16_frame_load_whole", C(r"(plgpu\.copy_gmem_to_smem\()(x_gmem\.at\[rows, cols\])(, smem, bar\))"), _to("x_gmem")),
    # (an unbound axis name) grid_names ('r', 'col').
    ("axis_unknown.fh16_frame_grid_name", C(r"(grid_names=\('r', ')(c)('\))"), _to("col")),

    # ============================================================ gi_frame_tiling (gi_frame.f_locals)
    # (an AttributeError: gi_frame is None after close, before any launch) closed first.
    ("control_flow.fh16_gi_frame_closed_first", C(r"^(TILING = )(next\(PLAN\))()"), _to("(PLAN.close(), (8, 64))[1]")),
    # ? the second plan step: (8, 32) tiles with the 128-byte swizzle still read... after a second next.
    ("swizzle_tiling.fh16_gi_frame_second_step", C(r"^(TILING = )(next\(PLAN\))()"), _to("(next(PLAN), next(PLAN))[1]")),
    # lowering.py "Minor tiling dimension does not fit swizzle": a 64-byte swizzle for the 64-element tile.
    ("swizzle_tiling.fh16_gi_frame_start_64", C(r"^(\s+swizzle = )(128)()"), _to("64")),
    # (a KeyError: no such local, before any launch).
    ("control_flow.fh16_gi_frame_key", C(r"(f_locals\[')(swizzle)('\])"), _to("dtype")),
    # ? an f32 tile under the bf16 plan.
    ("ops_dtypes.fh16_gi_frame_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(SHAPE, )(DTYPE)(\))"), _to("jnp.float32")),
    # ? a 32-column tile: 64-byte rows under a 128-byte swizzle.
    ("swizzle_tiling.fh16_gi_frame_shape_32", C(r"^(SHAPE = \(64, )(128)(\))"), _to("32")),

    # ============================================================ getitem_protocol_rows (legacy __getitem__ iteration)
    # ? five rungs: 256-row blocks (three 128 KiB buffers per stage).
    ("pipeline.fh16_getitem_rungs_5", C(r"(max\(RowLadder\(16, )(3)(\)\))"), _to("5")),
    # (a ValueError: max of an empty iterable, before any launch) zero rungs.
    ("control_flow.fh16_getitem_rungs_0", C(r"(max\(RowLadder\(16, )(3)(\)\))"), _to("0")),
    # (an endless iteration: StopIteration never comes; a timeout, broken) KeyError instead of IndexError.
    ("control_flow.fh16_getitem_keyerror", C(r"(raise )(IndexError)(\(k\))"), _to("KeyError")),
    # ? the ladder from 24: 96-row blocks over 256 rows.
    ("blockspec_grid.fh16_getitem_first_24", C(r"(max\(RowLadder\()(16)(, 3\)\))"), _to("24")),
    # ? min instead of max: 16-row blocks.
    ("blockspec_grid.fh16_getitem_min", C(r"(BLOCK_ROWS = )(max)(\(RowLadder)"), _to("min")),

    # ============================================================ late_binding_tiles (late-binding closures)
    # ? bound early through a default: two tiles of 128 rows.
    ("barrier.fh16_late_default_bound", C(r"(COUNTERS = \[lambda)(: k)( for k in)"), _to(" k=k: k")),
    # ? a loop ending in 3: 85-row tiles (256 // 3), the last 1 row uncovered.
    ("copy_tma.fh16_late_last_3", C(r"(for k in \(2, )(3, 4)(\)\])"), _to("4, 3")),
    # (ZeroDivisionError: the loop ends in 0, before any launch).
    ("control_flow.fh16_late_last_0", C(r"(for k in \(2, 3, )(4)(\)\])"), _to("0")),
    # ? one barrier fewer than tiles.
    ("barrier.fh16_late_barriers_short", C(r"(num_barriers=)(NUM_TILES)(\))"), _to("NUM_TILES - 1")),
    # primitives.py (TMA shapes) the whole buffer as destination.
    ("copy_tma.fh16_late_dst_whole", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bars\.at\[k\]\))"),
     _to("smem")),
    # (expected clean?) the group commit dropped.
    ("copy_tma.fh16_late_no_group_commit", C(r"^(\s+)(plgpu\.commit_smem_to_gmem_group\(\))()"), _to("pass")),

    # ============================================================ jax_add_one_grid_pipelined_with_leading_sequential_dimension
    # ? both dimensions sequential.
    ("blockspec_grid.fh16_leadseq_both_sequential", C(r"(dimension_semantics=\[\"sequential\", \")(parallel)(\"\])"), _to("sequential")),
    # ? an unknown semantics string.
    ("compiler_params.fh16_leadseq_semantics_typo", C(r"(dimension_semantics=\[\")(sequential)(\", \"parallel\"\])"), _to("serial")),
    # ? a 3-element semantics list for a 2-D grid.
    ("compiler_params.fh16_leadseq_semantics_three",
     C(r"(dimension_semantics=\[\"sequential\", \"parallel\")()(\])"), _to(", \"parallel\"")),
    # (a (256, 16) block where (128, 16) blocks were indexed).
    ("blockspec_grid.fh16_leadseq_out_block_256", C(r"(out_specs=pl\.BlockSpec\(\()(128)(, 16\))"), _to("256")),
    # ? a grid of (2, 5) over 64 columns.
    ("blockspec_grid.fh16_leadseq_grid_5", C(r"(grid=\(2, )(4)(\),)"), _to("5")),
    # (an f32 + int32 add stored into f32? ) x as int32.
    ("ops_dtypes.fh16_leadseq_x_int32", C(r"(\.astype\(jnp\.)(float32)(\)\n?)"), _to("int32")),

    # ============================================================ jax_iota
    # ? dimension 2 of a 2-D iota.
    ("ops_dtypes.fh16_iota_dimension_2", C(r"^(dimension = )(1)()(?=\s*$)"), _to("2")),
    # ? a WG_STRIDED layout.
    ("layout_unsupported.fh16_iota_layout_strided", C(r"(layout=)(plgpu\.Layout\.WGMMA)()"), _to("plgpu.Layout.WG_STRIDED((128, 128), vec_size=2)")),
    # ? an int8 iota.
    ("ops_dtypes.fh16_iota_int8", C(r"^(dtype = jnp\.)(float32)()(?=\s*$)"), _to("int8")),
    # ? a (64, 128) output: below the 64-row... WGMMA tile still fits.
    ("ref_store.fh16_iota_out_64", C(r"(jax\.ShapeDtypeStruct\(\()(128)(, 128\), dtype\))"), _to("64")),
    # ? a 1-D (128,) output under the WGMMA layout.
    ("layout_unsupported.fh16_iota_out_1d", C(r"(jax\.ShapeDtypeStruct\()(\(128, 128\))(, dtype\))"), _to("(128,)")),
    # (a shape given as the dimension) shape and dimension swapped.
    ("ops_dtypes.fh16_iota_shape_literal", C(r"(dtype, )(o_ref\.shape)(, dimension, layout)"), _to("(128, 64)")),

    # ============================================================ jax_sync_copy
    # ? a 64-byte swizzle for the copy layout.
    ("swizzle_tiling.fh16_sync_layout_swizzle_64", C(r"(SMEM_GMEM_COPY\(shape, jnp\.float32, swizzle=)(128)(\))"), _to("64")),
    # ? optimized=True on a GMEM load.
    ("layout_unsupported.fh16_sync_optimized", C(r"(plgpu\.load\(x_ref, layout=layout, optimized=)(False)(\))"), _to("True")),
    # ? the copy layout for f16 over f32 data.
    ("ops_dtypes.fh16_sync_layout_f16", C(r"(SMEM_GMEM_COPY\(shape, jnp\.)(float32)(, swizzle=128\))"), _to("float16")),
    # ? the layout_cast to WGMMA.
    ("layout_unsupported.fh16_sync_cast_wgmma", C(r"(plgpu\.layout_cast\(scratch_ref\[\.\.\.\], )(layout)(\))"), _to("plgpu.Layout.WGMMA")),
    # ? the scratch without transforms.
    ("swizzle_tiling.fh16_sync_no_transforms", C(r"(plgpu\.SMEM\(shape, jnp\.float32, )(transforms=transforms)(\))"), _to("transforms=()")),
    # ? a (64, 128) output.
    ("ref_store.fh16_sync_out_64", C(r"(out_type=jax\.ShapeDtypeStruct\()(shape)(, jnp\.float32\))"), _to("(64, 128)")),

    # ============================================================ jax_copy_smem_to_gmem
    # (expected clean) the indexer slice(128).
    ("copy_tma.fh16_s2g_indexer_half", C(r"^(indexer = )(\.\.\.)()(?=\s*$)"), _to("slice(128)")),
    # ? a slice of 100 elements (400 bytes).
    ("copy_tma.fh16_s2g_indexer_100", C(r"^(indexer = )(\.\.\.)()(?=\s*$)"), _to("slice(100)")),
    # primitives.py "Expected shapes to match": a 128-element source into the whole output.
    ("copy_tma.fh16_s2g_src_half", C(r"(plgpu\.copy_smem_to_gmem\()(scratch_ref\.at\[indexer\])(, o_ref_gmem)"), _to("scratch_ref.at[:128]")),
    # ? an int32 output from f32 SMEM.
    ("copy_tma.fh16_s2g_out_int32", C(r"(out_type=jax\.ShapeDtypeStruct\(\[256\], jnp\.)(float32)(\))"), _to("int32")),
    # (a 128-element input added into a 256-element buffer).
    ("ref_store.fh16_s2g_x_128", C(r"(x = jnp\.arange\()(256)(\)\.astype)"), _to("128")),

    # ============================================================ jax_copy_with_transforms
    # ? the other branch: to_smem True (GMEM input TMA-loaded into the harness's SMEM output).
    ("copy_tma.fh16_cwt_to_smem", C(r"^(to_smem = )(False)()(?=\s*$)"), _to("True")),
    # ? the swizzle 64 for the harness's block (tiles still 32 wide).
    ("swizzle_tiling.fh16_cwt_swizzle_64", C(r"(transforms = default_transforms\()(dtype=jnp\.float32)(\))"), _to("swizzle=64, dtype=jnp.float32")),
    # ? both specs in SMEM.
    ("copy_tma.fh16_cwt_in_spec_smem", C(r"(in_spec = pl\.BlockSpec\(memory_space=plgpu\.)(GMEM)(\))"), _to("SMEM")),
    # ? a (128, 64) output.
    ("copy_tma.fh16_cwt_out_64", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[128, )(128)(\], jnp\.float32\))"), _to("64")),
    # (a TypeError: two scratch barriers for a kernel taking one).
    ("kernel_args.fh16_cwt_two_barriers", C(r"(scratch_shapes=\[plgpu\.Barrier\(\))()(\],)"), _to(", plgpu.Barrier()")),
    # ? the commit fence dropped (expected clean).
    ("copy_tma.fh16_cwt_no_commit", C(r"^(\s+)(plgpu\.commit_smem\(\))()(?=\s*$)"), _to("pass")),

    # ============================================================ jax_get_swap_with_swizzle_transform
    # ? transposed: WGMMA_TRANSPOSED through .T.
    ("layout_unsupported.fh16_gsst_transposed", C(r"^(transposed = )(False)()(?=\s*$)"), _to("True")),
    # ? a 64-byte swizzle over 128-byte rows.
    ("swizzle_tiling.fh16_gsst_transforms_64", C(r"(transforms = \(plgpu\.SwizzleTransform\()(swizzle)(\),\))"), _to("64")),
    # ? a float32 tile (32 elements per 128 bytes).
    ("ops_dtypes.fh16_gsst_f32", C(r"^(dtype = jnp\.)(bfloat16)()(?=\s*$)"), _to("float32")),
    # ? the WG_STRIDED layout load.
    ("layout_unsupported.fh16_gsst_strided", C(r"(tmp = plgpu\.load\(scratch_ref, layout=)(plgpu\.Layout\.WGMMA)(\))"),
     _to("plgpu.Layout.WG_STRIDED(shape, vec_size=2)")),
    # ? a (64, 32) tile (half the swizzle row).
    ("swizzle_tiling.fh16_gsst_shape_half", C(r"^(shape = \(swizzle_elems, )(swizzle_elems)(\))"), _to("swizzle_elems // 2")),
    # (expected clean?) the barrier wait dropped.
    ("barrier.fh16_gsst_no_wait", C(r"^(\s+)(plgpu\.barrier_wait\(barrier_ref\))()(?=\s*$)"), _to("pass")),

    # ============================================================ jax_program_id / jax_num_programs
    # lowering.py (an axis out of range?) program_id(1) of a 1-D grid.
    ("axis_program_id.fh16_pid_axis_1", C(r"(pl\.program_id\()(0)(\)\))"), _to("1")),
    # ? num_programs(1) of a 1-D grid.
    ("axis_program_id.fh16_nprog_axis_1", C(r"(pl\.num_programs\()(0)(\), o_ref\.dtype\))"), _to("1")),
    # ? a grid of 3 over 256 elements.
    ("blockspec_grid.fh16_pid_grid_3", C(r"^(\s+grid=)(2)(,)"), _to("3")),
    # ? a (64,) block over a grid of 2 (half the output unwritten, expected clean).
    ("blockspec_grid.fh16_pid_block_64", C(r"(out_specs=pl\.BlockSpec\(\()(128)(,\), lambda \*i: i\))"), _to("64")),
    # pallas/core.py (index map result rank) a 2-tuple for a 1-D block.
    ("blockspec_grid.fh16_pid_index_rank", C(r"(pl\.BlockSpec\(\(128,\), lambda \*i: )(i)(\))"), _to("(*i, 0)")),
    # ? a float32 output for jnp.full of an int.
    ("ops_dtypes.fh16_pid_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[128 \* 2\], jnp\.)(int32)(\))"), _to("float32")),
    # ? a sequential grid (program_id inside emit_pipeline).
    ("compiler_params.fh16_pid_sequential", C(r"^(\s+)(grid=2,)()(?=\s*$)"),
     _to("grid=2, compiler_params=plgpu.CompilerParams(dimension_semantics=['sequential']),")),

    # ============================================================ jax_swizzled_blockspec_shapes
    # ? a (128, 32) block under the 128-byte f16 swizzle.
    ("swizzle_tiling.fh16_sbs_block_32", C(r"^(\s+\(128, )(64)(\),)"), _to("32")),
    # (an AssertionError from the kernel's own check) the assert against (128, 128).
    ("control_flow.fh16_sbs_assert", C(r"(assert x_ref\.shape == \(128, )(64)(\))"), _to("128")),
    # ? float32 transforms over f16 blocks.
    ("swizzle_tiling.fh16_sbs_transforms_f32", C(r"(transforms=default_transforms\(dtype=jnp\.)(float16)(\))"), _to("float32")),
    # ? a (2, 3) grid over 128 columns.
    ("blockspec_grid.fh16_sbs_grid_3", C(r"(grid=\(2, )(2)(\),)"), _to("3")),
    # ? an f32 output.
    ("ops_dtypes.fh16_sbs_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\(128, 128\), jnp\.)(float16)(\))"), _to("float32")),
    # ? a swizzle of 32 for the default tiles.
    ("swizzle_tiling.fh16_sbs_swizzle_32", C(r"(default_transforms\()(dtype=jnp\.float16)(\))"), _to("swizzle=32, dtype=jnp.float16")),

    # ============================================================ jax_fori_loop_dynamic_bounds
    # ? a float carry.
    ("ops_dtypes.fh16_fori_carry_float", C(r"(lambda i, x: x \+ i, )(0)(\), o_ref\.shape)"), _to("0.0")),
    # (a TypeError: broadcast to a rank-2 shape? ) broadcast to (2, 256).
    ("ref_store.fh16_fori_broadcast_2d", C(r"(0\), )(o_ref\.shape)(\n?)"), _to("(2, 256)")),
    # ? program_id(1) of a 1-D grid.
    ("axis_program_id.fh16_fori_pid_1", C(r"(zero = pl\.program_id\()(0)(\))"), _to("1")),
    # ? a grid of 2 (each CTA writes the whole output).
    ("blockspec_grid.fh16_fori_grid_2", C(r"(grid=\()(1)(,\))"), _to("2")),
    # ? an f32 output.
    ("ops_dtypes.fh16_fori_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[256\], jnp\.)(int32)(\),)"), _to("float32")),
    # (expected clean) bounds 4..2 (no iteration).
    ("control_flow.fh16_fori_reversed", C(r"(jax\.lax\.fori_loop\()(2 \+ zero, 4 \+ zero)(, lambda)"), _to("4 + zero, 2 + zero")),

    # ============================================================ jax_emit
    # ? the tiled, swizzled transforms with repeats (the other parameter set's first).
    ("swizzle_tiling.fh16_emit_transforms",
     C(r"^(transforms = )(\(\))()(?=\s*$)"), _to("(plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))")),
    # ? (64, 32) tiles under a 128-byte swizzle of f32 (32 elements: expected clean) ... with a 64-byte swizzle.
    ("swizzle_tiling.fh16_emit_transforms_64",
     C(r"^(transforms = )(\(\))()(?=\s*$)"), _to("(plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(64))")),
    # (an AssertionError from the test's own check) one transform expected.
    ("control_flow.fh16_emit_assert", C(r"(len\(transforms\) \+ )(1)()"), _to("2")),
    # ? 5 steps over 4 blocks.
    ("blockspec_grid.fh16_emit_grid_5", C(r"(grid=\()(num_steps)(,\),)"), _to("num_steps + 1")),
    # pipeline.py (max_concurrent_steps) 0.
    ("pipeline.fh16_emit_steps_0", C(r"(max_concurrent_steps=)(2)(,)"), _to("0")),
    # ? the output's index map (i, 0) of a 4-block row.
    ("blockspec_grid.fh16_emit_out_index", C(r"(\(64, 64\), lambda i: )(\(0, i\))(, transforms=transforms)"), _to("(i, 0)")),

    # ============================================================ jax_delay_release
    # ? delay_release 2 at max_concurrent_steps 2.
    ("pipeline.fh16_delay_release_2", C(r"(delay_release=)(1)(,)"), _to("2")),
    # ? max_concurrent_steps 1 with delay_release 1.
    ("pipeline.fh16_delay_steps_1", C(r"^(max_concurrent_steps = )(2)()(?=\s*$)"), _to("1")),
    # ? two compute warpgroups (the test's TODO) with one block row each.
    ("kernel_mesh_config.fh16_delay_wgs_2", C(r"^(num_compute_wgs = )(1)()(?=\s*$)"), _to("2")),
    # ? manual consumed barriers.
    ("barrier.fh16_delay_manual", C(r"^(manual_consumed_barriers = )(False)()(?=\s*$)"), _to("True")),
    # primitives.py:3544 "n must be a positive multiple of 8": memory_registers 44.
    ("pipeline.fh16_delay_memory_registers", C(r"(memory_registers=)(40)(,)"), _to("44")),
    # (an unbound axis name) wg_axis 'warpgroup'.
    ("axis_unknown.fh16_delay_wg_axis", C(r"(wg_axis=\")(wg)(\")"), _to("warpgroup")),
    # ? a static grid.
    ("pipeline.fh16_delay_static", C(r"^(static = )(False)()(?=\s*$)"), _to("True")),

    # ============================================================ jax_slicing
    # ? 32-column left quadrants against 96-column right ones.
    ("ref_store.fh16_slicing_right_32", C(r"^(right = lower = slice\()(64)(, None\))"), _to("32")),
    # (a (64, 128) slice stored into a (64, 64) quadrant).
    ("ref_store.fh16_slicing_src_full_rows", C(r"(dst\[upper, left\] = src\[lower, )(left)(\])"), _to(":")),
    # ? an f32 output block.
    ("ops_dtypes.fh16_slicing_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(x\.shape, )(x\.dtype)(\))"), _to("jnp.float32")),
    # ? the input f32 under f16 transforms.
    ("ops_dtypes.fh16_slicing_x_f32", C(r"(x = jnp\.arange\(128 \* 128\)\.astype\(jnp\.)(float16)(\))"), _to("float32")),
    # ? a 32-row upper half.
    ("ref_store.fh16_slicing_upper_32", C(r"^(left = upper = slice\(None, )(64)(\))"), _to("32")),

    # ============================================================ jax_remote_dma_dynamic_other_device_id
    # ? f32 device ids.
    ("kernel_mesh_config.fh16_rdmaid_ids_f32", C(r"(other_dev_ids = jnp\.array\(\[1, 0\], dtype=jnp\.)(int32)(\))"), _to("float32")),
    # ? the whole id vector as device id.
    ("kernel_mesh_config.fh16_rdmaid_id_vector", C(r"(other_dev_id = other_dev_id_ref\[)(0)(\])"), _to("...")),
    # primitives.py (TMA shapes) an (8, 64) SMEM buffer.
    ("copy_tma.fh16_rdmaid_smem_cols", C(r"(plgpu\.SMEM\(\(8, )(128)(\), jnp\.float32\),)"), _to("64")),
    # (a (8, 128) value stored into a (16, 128) output? and a TMA shape mismatch) 16 output rows.
    ("copy_tma.fh16_rdmaid_out_rows", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(8)(, 128\), jnp\.float32\))"), _to("16")),
    # ? remote_ref of the SMEM buffer.
    ("copy_tma.fh16_rdmaid_remote_smem", C(r"(remote_y_ref = plgpu\.remote_ref\()(y_ref)(, other_dev_id\))"), _to("x_smem")),
    # (a shard_map error: the mesh axis 'y' where specs name 'x', before the kernel).
    ("axis_unknown.fh16_rdmaid_mesh_axis", C(r"(mesh = jax\.sharding\.Mesh\(devices, \[\")(x)(\"\]\))"), _to("y")),

    # ============================================================ jax_emit_with_squeezed_dim
    # (the test's own asserts fail: a (1, 256) block) squeezed_dim None.
    ("blockspec_grid.fh16_squeezed_none", C(r"^(squeezed_dim = )(pl\.Squeezed\(\))()(?=\s*$)"), _to("None")),
    # pallas/core.py (index map result rank) a 1-tuple.
    ("blockspec_grid.fh16_squeezed_index_rank", C(r"(in_specs=\[pl\.BlockSpec\(\(squeezed_dim, shape\[1\]\), lambda i: )(\(i, 0\))(\)\])"), _to("(i,)")),
    # ? a float add stored into int32 SMEM.
    ("ref_store.fh16_squeezed_add_float", C(r"(o_smem\[\.\.\.\] = in_smem\[\.\.\.\] \+ )(1)()$"), _to("1.5")),
    # ? an f32 output for int32 input.
    ("ops_dtypes.fh16_squeezed_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(16, 256\), jnp\.)(int32)(\))"), _to("float32")),
    # ? a 128-wide block (the test's assert fails).
    ("blockspec_grid.fh16_squeezed_out_cols", C(r"(out_specs=\[pl\.BlockSpec\(\(squeezed_dim, )(shape\[1\])(\), lambda)"), _to("128")),

    # ============================================================ jax_repeat
    # ? delay_release 2 at two concurrent steps.
    ("pipeline.fh16_repeat_delay_2", C(r"(delay_release=)(delay_release)(\))"), _to("2")),
    # ? one thread for a warp-specialized pipeline.
    ("kernel_mesh_config.fh16_repeat_threads_1", C(r"(num_threads=)(2)(,)"), _to("1")),
    # ? two compute warpgroups over two threads.
    ("kernel_mesh_config.fh16_repeat_wgs_2", C(r"(num_compute_wgs=)(1)(,)"), _to("2")),
    # (expected clean) no repeats.
    ("control_flow.fh16_repeat_none", C(r"(for _ in range\()(3)(\):)"), _to("0")),
    # ? the thread name 'warpgroup' (wg_axis stays 'wg').
    ("axis_unknown.fh16_repeat_thread_name", C(r"(thread_name=\")(wg)(\")"), _to("warpgroup")),

    # ============================================================ generic
    # primitives.py:2012 "n must be a non-negative integer".
    ("copy_tma.fh16_wait_store_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh16_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\((?:bar|bar0|bar1|loaded)\))()(?=\s*$)"), _to("pass")),
    # ? Warpgroup semantics for a Lane kernel.
    ("compiler_params.fh16_semantics_warpgroup", C(r"(plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # pipeline.py (max_concurrent_steps must be positive) 0.
    ("pipeline.fh16_concurrent_steps_0", C(r"(max_concurrent_steps=)(2)(\))"), _to("0")),
    # primitives.py "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs".
    ("copy_tma.fh16_load_without_barrier", C(r"(plgpu\.copy_gmem_to_smem\((?:x_gmem|a_gmem|x_ref)(?:\.at\[[a-z, :]+\])?, (?:smem|a_smem|scratch_ref))(, (?:bar|barrier_ref))(\))"),
     _to("")),
    # (an f16 value stored into an f32 SMEM ref).
    ("ref_store.fh16_store_f16_into_f32", C(r"^(\s+o_smem\[\.\.\.\] = )(.+)()$"), lambda m: f"{m.group(1)}({m.group(2)}).astype(jnp.float16)"),
)


def famheld16_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
