"""One-edit mutations for the seventeenth held-out families corpus `famheld17`, written blind from JAX's own checks (the
`raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py, jax/_src/pallas/core.py and
jax/experimental/mosaic/gpu of JAX 0.12.0.1, cited at operators by file:line from /work/shared/jax-raise-sites/sites.tsv
where one site is meant, or by their message; /work/shared/jax-facts.md for the measured collective facts) and from the
Python the bases use (what numpy's kron / einsum / ravel_multi_index / packbits / frexp / ldexp / argwhere / select /
piecewise / cumprod / tril + trace / vectorize / intersect1d / setxor1d, bisect.insort, urllib.parse.parse_qsl,
math.cbrt / math.remainder, float.hex with str.rindex, a binary format spec and int(text, 16) do with an edited value).
Nothing else: the checker was not read, and the earlier sets' operators only for their names (every name here carries
the prefix `fh17_`).

The user bases (build_famheld17.py) keep what the kernel depends on in Python that no earlier famheld set used, so
most of their operators edit the value where the program keeps it (a factor vector or its slice, a one-hot weight,
a tile coordinate, a boolean flag array or its bit order, a row width in bytes, an exponent pair, a placement matrix,
a condition table, a step count or divisor, halving factors, a role matrix, candidate swizzles, a preferred list, a
name array, a ladder or budget, a query string, a cube or hop count, a binary mask or its format spec, a hex string),
some so that numpy or the user's own code raises before any kernel (a ValueError, TypeError, IndexError, KeyError or
ZeroDivisionError in the configuration code), others so that the value flows into a JAX check, and some so that the
value changes but stays valid ("(expected clean)"); the rest edit the kernel or its launch (index maps, block / grid
shapes, axis, thread and grid names, collective axes, reduction ops, layouts, transforms, barriers, semaphores, dtypes,
compiler params, the adapted tests' literals). A few generic ones fit many bases and are capped by --max-per-op.
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
    # ============================================================ kron_grid (np.kron)
    # (expected clean?) the odd entries: a (1, 2) grid of (256, 128) blocks.
    ("blockspec_grid.fh17_kron_odd_entries", C(r"(np\.kron\(ROW_FACTORS, COL_FACTORS\)\[)(::2)(\])"), _to("1::2")),
    # launch_context (TMA: 16-byte minor extent / tiling) a column factor of 3: a (3, 6) grid of (85, 42) blocks.
    ("blockspec_grid.fh17_kron_col_factor_3", C(r"(COL_FACTORS = np\.array\(\[)(2)(, 1\]\))"), _to("3")),
    # core.py "grid_names must have the same length as grid": all four kron entries as the grid.
    ("kernel_mesh_config.fh17_kron_no_step", C(r"(np\.kron\(ROW_FACTORS, COL_FACTORS\))(\[::2\])()"), _to("")),
    # ? a duplicated grid name.
    ("kernel_mesh_config.fh17_kron_names_dup", C(r"(GRID_NAMES = \()('m', 'n')(\))"), _to("'m', 'm'")),
    # (an unbound axis name) axis_index('c').
    ("axis_unknown.fh17_kron_axis", C(r"(cols = pl\.ds\(lax\.axis_index\(')(n)('\))"), _to("c")),
    # lowering / core (swizzle must be 32, 64 or 128) a 256-byte swizzle.
    ("swizzle_tiling.fh17_kron_swizzle_256", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("256")),
    # (expected clean) a 32-byte swizzle: (8, 16) tiles.
    ("swizzle_tiling.fh17_kron_swizzle_32", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("32")),
    # ? an f32 scalar times a bf16 ref.
    ("ops_dtypes.fh17_kron_scalar_f32", C(r"(jnp\.asarray\(2, )(DTYPE)(\))"), _to("jnp.float32")),

    # ============================================================ einsum_block_rows (np.einsum)
    # (SMEM: 96-row blocks, three operands two deep, 288 KiB) a two-hot weight vector.
    ("blockspec_grid.fh17_einsum_two_hot", C(r"(WEIGHTS = np\.array\(\[)(0, 1, 0)(\]\))"), _to("0, 1, 1")),
    # (expected clean) the first choice: 16-row blocks.
    ("blockspec_grid.fh17_einsum_first", C(r"(WEIGHTS = np\.array\(\[)(0, 1, 0)(\]\))"), _to("1, 0, 0")),
    # (a TypeError: int() of a 3-vector, before any launch) an elementwise product kept.
    ("control_flow.fh17_einsum_keep_axis", C(r"(np\.einsum\(')(i,i->)(')"), _to("i,i->i")),
    # (numpy's ValueError: operands could not be broadcast, before any launch) two weights for three choices.
    ("control_flow.fh17_einsum_short_weights", C(r"(WEIGHTS = np\.array\(\[)(0, 1, 0)(\]\))"), _to("0, 1")),
    # ? a 96-column block (the grid floors 256 / 96 to 2).
    ("blockspec_grid.fh17_einsum_cols_96", C(r"^(BLOCK_COLS = )(128)()(?=\s*$)"), _to("96")),
    # ? the index map transposed: (j, i) over a (16, 2) grid.
    ("blockspec_grid.fh17_einsum_index_swap", C(r"(\(BLOCK_ROWS, BLOCK_COLS\), lambda i, j: )(\(i, j\))(\))"), _to("(j, i)")),

    # ============================================================ ravel_index_barriers (np.ravel_multi_index)
    # (expected clean?) the first tile as the last: one 256-row tile on one barrier.
    ("barrier.fh17_ravel_first_tile", C(r"(LAST_TILE = )(\(TILE_GRID\[0\] - 1, TILE_GRID\[1\] - 1\))()"), _to("(0, 0)")),
    # (numpy's ValueError: invalid entry in coordinates array, before any launch) a row past the grid.
    ("control_flow.fh17_ravel_out_of_range", C(r"(LAST_TILE = \()(TILE_GRID\[0\] - 1)(, )"), _to("TILE_GRID[0]")),
    # (expected clean) Fortran order: the last tile is still number 7.
    ("barrier.fh17_ravel_order_f", C(r"(np\.ravel_multi_index\(LAST_TILE, TILE_GRID)()(\))"), _to(", order='F'")),
    # ? one barrier fewer than tiles: bars.at[7] out of range.
    ("barrier.fh17_ravel_barriers_short", C(r"(plgpu\.Barrier\(num_barriers=)(NUM_TILES)(\))"), _to("NUM_TILES - 1")),
    # ? a (3, 4) tile grid: 12 tiles of 21 rows.
    ("blockspec_grid.fh17_ravel_tile_grid_3", C(r"^(TILE_GRID = \()(2)(, 4\))"), _to("3")),
    # primitives.py:643 "Expected a single barrier": the whole barrier array waited on.
    ("barrier.fh17_ravel_wait_array", C(r"(plgpu\.barrier_wait\()(bars\.at\[t\])(\))"), _to("bars")),
    # primitives.py "Expected shapes to match": a tile copied into the whole SMEM buffer.
    ("copy_tma.fh17_ravel_dst_whole", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bars)"), _to("smem")),

    # ============================================================ packbits_swizzle (np.packbits)
    # (a 192-byte swizzle) the first flag set as well.
    ("swizzle_tiling.fh17_packbits_two_flags", C(r"(FLAGS = np\.array\(\[)(False)(, True, False)"), _to("True")),
    # (expected clean) the flag one bit lower: a 32-byte swizzle.
    ("swizzle_tiling.fh17_packbits_bit_32", C(r"(FLAGS = np\.array\(\[)(False, True, False)(, False, False)"), _to("False, False, True")),
    # (a 16-byte swizzle) the flag two bits lower.
    ("swizzle_tiling.fh17_packbits_bit_16", C(r"(FLAGS = np\.array\(\[)(False, True, False, False)(, False)"), _to("False, False, False, True")),
    # (a 2-byte swizzle) little bit order.
    ("swizzle_tiling.fh17_packbits_little", C(r"(np\.packbits\(FLAGS)()(\))"), _to(", bitorder='little'")),
    # (an IndexError: one packed byte, before any launch) the second byte.
    ("control_flow.fh17_packbits_second_byte", C(r"(np\.packbits\(FLAGS\)\[)(0)(\])"), _to("1")),
    # ? 96 columns (three 32-column tiles).
    ("copy_tma.fh17_packbits_cols_96", C(r"^(ROWS, COLS = 64, )(128)()(?=\s*$)"), _to("96")),
    # (expected clean?) f32 data: (8, 16) tiles under the 64-byte swizzle.
    ("ops_dtypes.fh17_packbits_f32", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float32")),

    # ============================================================ frexp_swizzle_wgmma (np.frexp)
    # ? 64-byte rows: a 64-byte swizzle for both WGMMA operands.
    ("swizzle_tiling.fh17_frexp_row_64", C(r"^(ROW_BYTES = )(128\.0)()(?=\s*$)"), _to("64.0")),
    # (a 256-byte swizzle) 256-byte rows.
    ("swizzle_tiling.fh17_frexp_row_256", C(r"^(ROW_BYTES = )(128\.0)()(?=\s*$)"), _to("256.0")),
    # (a 256-byte swizzle) the exponent not lowered by one.
    ("swizzle_tiling.fh17_frexp_no_minus", C(r"(SWIZZLE = 1 << int\()(EXPONENT - 1)(\))"), _to("EXPONENT")),
    # (a TypeError: a tuple minus 1, before any launch) the mantissa not unpacked.
    ("control_flow.fh17_frexp_no_unpack", C(r"^(_, )(EXPONENT)( = np\.frexp\(ROW_BYTES\))"), lambda m: "EXPONENT"),
    # primitives.py:2320 "WGMMA rhs swizzle must match lhs swizzle": B with a 64-byte swizzle.
    ("swizzle_tiling.fh17_frexp_rhs_swizzle", C(r"(plgpu\.SMEM\(\(K, N\), DTYPE, transforms=)(TRANSFORMS)(\))"),
     _to("(plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(64))")),
    # ? K of 32: 64-byte rows of A under a 128-byte swizzle.
    ("wgmma_mma.fh17_frexp_k_32", C(r"^(M, K, N = 64, )(64)(, 128)"), _to("32")),
    # primitives.py:2108 (incompatible shapes) an (M, K) accumulator.
    ("wgmma_mma.fh17_frexp_acc_shape", C(r"(plgpu\.ACC\(\(M, )(N)(\), jnp\.float32\))"), _to("K")),

    # ============================================================ ldexp_blocks (np.ldexp)
    # (expected clean) 256-column blocks: a (16, 1) grid.
    ("blockspec_grid.fh17_ldexp_cols_256", C(r"(EXPONENTS = np\.array\(\[5, )(7)(\]\))"), _to("8")),
    # launch_context (TMA: 8 bytes along the minor dimension) 2-column blocks.
    ("copy_tma.fh17_ldexp_cols_2", C(r"(EXPONENTS = np\.array\(\[5, )(7)(\]\))"), _to("1")),
    # (SMEM: (128, 128) f32 blocks, three operands two deep, 384 KiB) 128-row blocks.
    ("blockspec_grid.fh17_ldexp_rows_128", C(r"(EXPONENTS = np\.array\(\[)(5)(, 7\]\))"), _to("7")),
    # ? a third exponent: a 3-D block for 2-D refs.
    ("blockspec_grid.fh17_ldexp_three", C(r"(EXPONENTS = np\.array\(\[5, 7)()(\]\))"), _to(", 6")),
    # (numpy's TypeError: ldexp of float exponents, before any launch).
    ("control_flow.fh17_ldexp_float_exponent", C(r"(EXPONENTS = np\.array\(\[)(5)(, 7\]\))"), _to("4.5")),
    # pallas/core.py (index map result rank) a 1-tuple for a 2-D block.
    ("blockspec_grid.fh17_ldexp_index_rank", C(r"(plgpu\.BlockSpec\(BLOCK, lambda i, j: )(\(i, j\))(\))"), _to("(i,)")),
    # (expected clean) mantissa 0.5: (16, 64) blocks.
    ("blockspec_grid.fh17_ldexp_half", C(r"(np\.ldexp\()(1\.0)(, EXPONENTS\))"), _to("0.5")),

    # ============================================================ argwhere_arrivals (np.argwhere)
    # core.py (num_arrivals must be at least 1?) every load on the first barrier.
    ("barrier.fh17_argwhere_all_first", C(r"(PLACEMENT = np\.array\(\[\[1, 0\], )(\[0, 1\])(, \[1, 0\]\]\))"), _to("[1, 0]")),
    # (expected clean) the placement mirrored: counts (1, 2) follow it.
    ("barrier.fh17_argwhere_mirror", C(r"(PLACEMENT = np\.array\()(\[\[1, 0\], \[0, 1\], \[1, 0\]\])(\))"), _to("[[0, 1], [1, 0], [0, 1]]")),
    # (expected clean: arrival counts are not checked against loads) counts read from rows, not columns.
    ("barrier.fh17_argwhere_rows", C(r"(len\(np\.argwhere\()(PLACEMENT\[:, b\])(\)\))"), _to("PLACEMENT[b]")),
    # (expected clean: the same) the targets inverted.
    ("barrier.fh17_argwhere_targets_inverted", C(r"(TARGETS = \[)(int\(np\.argwhere\(row\)\[0, 0\]\))( for row)"),
     _to("1 - int(np.argwhere(row)[0, 0])")),
    # (an IndexError: argwhere of an all-zero row, before any launch) z placed nowhere.
    ("control_flow.fh17_argwhere_empty_row", C(r"(\[0, 1\], )(\[1, 0\])(\]\))"), _to("[0, 0]")),
    # primitives.py "Expected shapes to match": z's buffer with half the rows.
    ("copy_tma.fh17_argwhere_z_rows", C(r"^(\s+)(plgpu\.SMEM\(SHAPE, DTYPE\),)()(?=\s*$)"), _to("plgpu.SMEM((64, 64), DTYPE),")),

    # ============================================================ select_registers (np.select)
    # primitives.py:3544 "n must be a positive multiple of 8": a choice of 236.
    ("kernel_mesh_config.fh17_select_236", C(r"(\[THREADS <= 2, THREADS <= 3\], \[)(232)(, 160\])"), _to("236")),
    # ? three threads: 160 registers, a third warpgroup idle.
    ("kernel_mesh_config.fh17_select_threads_3", C(r"^(THREADS = )(2)()(?=\s*$)"), _to("3")),
    # (expected clean?) the condition flipped: 160 registers.
    ("kernel_mesh_config.fh17_select_flip", C(r"(np\.select\(\[)(THREADS <= 2)(, THREADS <= 3\])"), _to("THREADS > 2")),
    # primitives.py:3544 (a multiple of 8) LOW 44.
    ("kernel_mesh_config.fh17_select_low_44", C(r"^(LOW = )(40)()(?=\s*$)"), _to("44")),
    # ? a choice of 264 (more than a thread may hold).
    ("kernel_mesh_config.fh17_select_264", C(r"(\[THREADS <= 2, THREADS <= 3\], \[)(232)(, 160\])"), _to("264")),
    # (numpy's ValueError: list of cases must be same length as list of conditions, before any launch).
    ("control_flow.fh17_select_short", C(r"(\[THREADS <= 2, THREADS <= 3\], \[)(232, 160)(\])"), _to("232")),
    # (an unbound axis name) thread_name 'warpgroup' with axis_index('wg').
    ("axis_unknown.fh17_select_thread_name", C(r"(thread_name=')(wg)(')"), _to("warpgroup")),

    # ============================================================ piecewise_depth (np.piecewise)
    # (SMEM: 8 stages of three 16 KiB buffers) 64 steps.
    ("pipeline.fh17_piecewise_steps_64", C(r"^(STEPS = )(16)()(?=\s*$)"), _to("64")),
    # (expected clean) 4 steps: one stage.
    ("pipeline.fh17_piecewise_steps_4", C(r"^(STEPS = )(16)()(?=\s*$)"), _to("4")),
    # pipeline.py (max_concurrent_steps must be positive?) a divisor of 32: depth 0.
    ("pipeline.fh17_piecewise_divisor_32", C(r"(lambda s: s // )(8)(\])"), _to("32")),
    # (expected clean) the threshold raised: one stage.
    ("pipeline.fh17_piecewise_threshold", C(r"(\[STEP_ARRAY < )(8)(, STEP_ARRAY >= 8\])"), _to("32")),
    # ? a float depth (numpy float64 from a float division).
    ("pipeline.fh17_piecewise_true_div", C(r"(lambda s: )(s // 8)(\])"), _to("s / 8")),
    # (expected clean) 64-column blocks of a 64-column array.
    ("blockspec_grid.fh17_piecewise_cols_64", C(r"^(BLOCK = \(32, )(128)(\))"), _to("64")),

    # ============================================================ cumprod_grid (np.cumprod)
    # ? a factor of 3: 12 blocks of 42 rows (504 of 512).
    ("blockspec_grid.fh17_cumprod_factor_3", C(r"(FACTORS = np\.array\(\[2, 2, )(2)(\]\))"), _to("3")),
    # (expected clean) the first product: 2 blocks of 256 rows.
    ("blockspec_grid.fh17_cumprod_first", C(r"(np\.cumprod\(FACTORS\)\[)(-1)(\])"), _to("0")),
    # launch_context (TMA box dimensions at most 256) one block of 512 rows.
    ("copy_tma.fh17_cumprod_ones", C(r"(FACTORS = np\.array\(\[)(2, 2, 2)(\]\))"), _to("1, 1, 1")),
    # (a ZeroDivisionError, before any launch) a zero factor.
    ("control_flow.fh17_cumprod_zero", C(r"(FACTORS = np\.array\(\[2, )(2)(, 2\]\))"), _to("0")),
    # (an unbound axis name) axis_index('block').
    ("axis_unknown.fh17_cumprod_axis", C(r"(lax\.axis_index\(')(blk)('\))"), _to("block")),
    # core.py "grid_names must have the same length as grid": two names.
    ("kernel_mesh_config.fh17_cumprod_grid_names", C(r"(grid_names=\()('blk',)(\))"), _to("'blk', 'x'")),
    # primitives.py "Expected shapes to match": a half-height SMEM buffer.
    ("copy_tma.fh17_cumprod_smem_half", C(r"(plgpu\.SMEM\(\()(BLOCK_ROWS)(, COLS\), jnp\.float32\))"), _to("BLOCK_ROWS // 2")),

    # ============================================================ trace_compute_wgs (np.tril + np.trace)
    # (expected clean?) a 3 x 3 role matrix: two compute warpgroups over 64-row blocks.
    ("kernel_mesh_config.fh17_trace_three_roles", C(r"(np\.tril\(np\.ones\(\()(2, 2)(\), dtype=int\)\))"), _to("3, 3")),
    # (expected clean) the upper triangle: the same trace.
    ("kernel_mesh_config.fh17_trace_triu", C(r"(ROLES = np\.)(tril)(\()"), _to("triu")),
    # (a ZeroDivisionError: no compute warpgroups, before any launch).
    ("control_flow.fh17_trace_minus_2", C(r"(COMPUTE_WGS = int\(np\.trace\(ROLES\)\) - )(1)()"), _to("2")),
    # ? one thread more than the pipeline's warpgroups.
    ("kernel_mesh_config.fh17_trace_threads_plus_2", C(r"(num_threads=COMPUTE_WGS \+ )(1)(,)"), _to("2")),
    # primitives.py:3544 (memory registers a multiple of 8) 44.
    ("pipeline.fh17_trace_memory_registers", C(r"(memory_registers=)(40)(,)"), _to("44")),
    # (an unbound axis name) wg_axis 'w' while the body reads 'wg'.
    ("axis_unknown.fh17_trace_wg_axis", C(r"(wg_axis=')(wg)(')"), _to("w")),
    # ? a 96-column block (one column step over 128 columns).
    ("blockspec_grid.fh17_trace_blk_n_96", C(r"^(BLK_M, BLK_N = 32, )(64)()(?=\s*$)"), _to("96")),

    # ============================================================ vectorize_swizzle (np.vectorize)
    # (expected clean) 32-column blocks: a 64-byte swizzle over 8 CTAs.
    ("swizzle_tiling.fh17_vectorize_block_32", C(r"^(BLOCK_COLS = )(64)()(?=\s*$)"), _to("32")),
    # (an IndexError: no swizzle gives 48-element tiles, before any launch).
    ("control_flow.fh17_vectorize_block_48", C(r"^(BLOCK_COLS = )(64)()(?=\s*$)"), _to("48")),
    # (an IndexError: f32 tiles of 8 / 16 / 32 elements, before any launch) the widths computed for 4-byte elements.
    ("control_flow.fh17_vectorize_itemsize_4", C(r"(WIDTHS = tile_width\(SWIZZLES, )(jnp\.dtype\(DTYPE\)\.itemsize)(\))"), _to("4")),
    # lowering.py "Minor tiling dimension does not fit swizzle"?: widths multiplied, a 32-byte swizzle over 64-element tiles.
    ("swizzle_tiling.fh17_vectorize_multiply", C(r"(lambda swizzle, itemsize: swizzle )(//)( itemsize)"), _to("*")),
    # ? (16, 64) tiles.
    ("swizzle_tiling.fh17_vectorize_tile_rows", C(r"(TILE = \()(8)(, int\()"), _to("16")),
    # (expected clean) candidates shifted up: 128 still matches.
    ("swizzle_tiling.fh17_vectorize_candidates", C(r"(SWIZZLES = np\.array\(\[)(32, 64, 128)(\]\))"), _to("64, 128, 256")),
    # (an unbound axis name) axis_index('col').
    ("axis_unknown.fh17_vectorize_axis", C(r"(cols = pl\.ds\(lax\.axis_index\(')(c)('\))"), _to("col")),

    # ============================================================ intersect1d_wgmma (np.intersect1d)
    # (expected clean?) 64 preferred: a 64-byte swizzle for both operands.
    ("swizzle_tiling.fh17_intersect_preferred_64", C(r"(PREFERRED = np\.array\(\[512, )(128)(, 256\]\))"), _to("64")),
    # (an IndexError: empty intersection, before any launch).
    ("control_flow.fh17_intersect_empty", C(r"(PREFERRED = np\.array\(\[512, )(128)(, 256\]\))"), _to("1024")),
    # (a 512-byte swizzle) the union instead of the intersection.
    ("swizzle_tiling.fh17_intersect_union", C(r"(SWIZZLE = int\(np\.)(intersect1d)(\()"), _to("union1d")),
    # (a 256-byte swizzle) 256 listed as supported.
    ("swizzle_tiling.fh17_intersect_supported_256", C(r"(SUPPORTED = np\.array\(\[32, 64, )(128)(\]\))"), _to("256")),
    # ? an f16 accumulator stored into the f32 output.
    ("wgmma_mma.fh17_intersect_acc_f16", C(r"(plgpu\.ACC\(\(M, N\), jnp\.)(float32)(\))"), _to("float16")),
    # ? N of 32: 64-byte rows of B under a 128-byte swizzle.
    ("wgmma_mma.fh17_intersect_n_32", C(r"^(M, K, N = 64, 128, )(64)()(?=\s*$)"), _to("32")),
    # primitives.py:2118 (mixed input dtypes) B in bf16.
    ("wgmma_mma.fh17_intersect_b_bf16", C(r"(plgpu\.SMEM\(\(K, N\), )(DTYPE)(, transforms=TRANSFORMS\))"), _to("jnp.bfloat16")),

    # ============================================================ setxor1d_allreduce (np.setxor1d)
    # (expected clean) 'data' taken out: the axis 'model' for mesh and kernel alike.
    ("axis_unknown.fh17_setxor_unused_data", C(r"(UNUSED = np\.array\(\[)('model')(\]\))"), _to("'data'")),
    # (an IndexError: one name left, before any launch) the second name.
    ("control_flow.fh17_setxor_second", C(r"(np\.setxor1d\(CANDIDATES, UNUSED\)\[)(0)(\])"), _to("1")),
    # primitives.py:5810 (collective axes must cover the mesh) a literal 'model'.
    ("shard_map_axis_names_subset.fh17_setxor_collective_literal", C(r"(collective_axes=\()(AXIS)(,\), reduction_op)"), _to("'model'")),
    # primitives.py:5810 (a string is a set of letters: jax-facts.md) collective_axes=AXIS.
    ("axis_unknown.fh17_setxor_collective_str", C(r"(collective_axes=)(\(AXIS,\))(, reduction_op)"), _to("AXIS")),
    # (jax-facts.md: "Only add is supported for f32") max.
    ("reduction_dtype.fh17_setxor_reduce_max", C(r"(reduction_op=')(add)(')"), _to("max")),
    # (jax-facts.md: "Only 32-, 64- and 128-bit loads") a vector of 8 f32.
    ("layout_unsupported.fh17_setxor_vec_8", C(r"^(VEC = )(4)()(?=\s*$)"), _to("8")),
    # (jax-facts.md: Lane only) the layout_cast dropped.
    ("layout_missing.fh17_setxor_no_cast",
     C(r"^(\s+)(total = plgpu\.layout_cast\(total, plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\)\))()"), _to("pass")),

    # ============================================================ insort_depth (bisect.insort)
    # (SMEM: 8 stages of 48 KiB) a budget of 1: the index before 0 wraps to the last rung.
    ("pipeline.fh17_insort_budget_1", C(r"^(BUDGET = )(3)()(?=\s*$)"), _to("1")),
    # (expected clean) a budget of 5: depth 4 (192 KiB).
    ("pipeline.fh17_insort_budget_5", C(r"^(BUDGET = )(3)()(?=\s*$)"), _to("5")),
    # (SMEM: 8 stages) a budget of 9.
    ("pipeline.fh17_insort_budget_9", C(r"^(BUDGET = )(3)()(?=\s*$)"), _to("9")),
    # (expected clean) the budget's own rung: depth 3.
    ("pipeline.fh17_insort_own_rung", C(r"(DEPTH = LADDER\[)(LADDER\.index\(BUDGET\) - 1)(\])"), _to("LADDER.index(BUDGET)")),
    # (a TypeError comparing str and int inside insort, before any launch).
    ("control_flow.fh17_insort_str", C(r"^(BUDGET = )(3)()(?=\s*$)"), _to("'3'")),
    # pipeline.py (max_concurrent_steps must be positive?) a ladder starting at 0: depth 0.
    ("pipeline.fh17_insort_ladder_zero", C(r"(LADDER = \[)(1, 2, 4, 8)(\])"), _to("0, 4, 8, 16")),
    # (expected clean) 64-row blocks: two stages of 96 KiB.
    ("blockspec_grid.fh17_insort_block_64", C(r"^(BLOCK = \()(32)(, 128\))"), _to("64")),

    # ============================================================ parse_qsl_remote_copy (urllib.parse.parse_qsl)
    # (a KeyError, before any launch) the key spelt 'axes'.
    ("control_flow.fh17_qsl_key_axes", C(r"(QUERY = ')(axis)(=ring)"), _to("axes")),
    # (expected clean?) four devices.
    ("kernel_mesh_config.fh17_qsl_devices_4", C(r"(&devices=)(2)(&)"), _to("4")),
    # ? six rows per device.
    ("copy_tma.fh17_qsl_rows_6", C(r"(&rows=)(8)(')"), _to("6")),
    # (a ValueError: int('two'), before any launch).
    ("control_flow.fh17_qsl_devices_word", C(r"(&devices=)(2)(&)"), _to("two")),
    # ? remote_ref of the SMEM buffer.
    ("copy_tma.fh17_qsl_remote_smem", C(r"(plgpu\.remote_ref\()(y_ref)(, peer\))"), _to("x_smem")),
    # (expected clean: the fence is not checked) the commit dropped.
    ("copy_tma.fh17_qsl_no_commit", C(r"^(\s+)(plgpu\.commit_smem\(\))()(?=\s*$)"), _to("pass")),
    # (an unbound axis name) axis_index('x').
    ("axis_unknown.fh17_qsl_axis_literal", C(r"(lax\.axis_index\()(AXIS)(\) \+ 1\))"), _to("'x'")),
    # ? a float peer id.
    ("kernel_mesh_config.fh17_qsl_peer_float", C(r"(\(lax\.axis_index\(AXIS\) \+ 1\) )(%)( DEVICES)"), _to("/")),

    # ============================================================ cbrt_semaphore (math.cbrt / math.remainder)
    # (expected clean?) 27: three devices, each signalling itself.
    ("kernel_mesh_config.fh17_cbrt_27", C(r"(round\(math\.cbrt\()(8)(\)\))"), _to("27")),
    # ? a float device count (round dropped).
    ("kernel_mesh_config.fh17_cbrt_no_round", C(r"(DEVICES = )(round\(math\.cbrt\(8\)\))()"), _to("math.cbrt(8)")),
    # primitives.py:5103 "`device_id`s must be int32 values": the float remainder kept.
    ("kernel_mesh_config.fh17_remainder_float", C(r"(OFFSET = )(int\(math\.remainder\(HOPS, DEVICES\)\))()"),
     _to("math.remainder(HOPS, DEVICES)")),
    # (expected clean) two hops: each device signals itself.
    ("kernel_mesh_config.fh17_cbrt_hops_2", C(r"^(HOPS = )(3)()(?=\s*$)"), _to("2")),
    # primitives.py:5093 "Must signal int32 values": a float increment.
    ("ops_dtypes.fh17_cbrt_signal_float", C(r"(pl\.semaphore_signal\(sem, )(1)(, device_id=peer\))"), _to("1.0")),
    # (an unbound axis name) axis_index('y').
    ("axis_unknown.fh17_cbrt_axis_literal", C(r"(peer = \(lax\.axis_index\()(AXIS)(\))"), _to("'y'")),
    # ? a barrier where the semaphore was.
    ("kernel_mesh_config.fh17_cbrt_sem_barrier", C(r"(scratch_types=\[)(plgpu\.SemaphoreType\.REGULAR)(\])"), _to("plgpu.Barrier()")),
    # ? a (16, 128) output for an (8, 128) sum.
    ("ref_store.fh17_cbrt_out_rows", C(r"(out_type=jax\.ShapeDtypeStruct\()(SHAPE)(, jnp\.float32\),\n?)"), _to("(16, 128)")),

    # ============================================================ float_hex_swizzle (float.hex + str.rindex)
    # (expected clean) 96-byte rows: float.hex keeps exponent 6.
    ("swizzle_tiling.fh17_hex_row_96", C(r"^(ROW_BYTES = )(64\.0)()(?=\s*$)"), _to("96.0")),
    # (a 256-byte swizzle) 256-byte rows.
    ("swizzle_tiling.fh17_hex_row_256", C(r"^(ROW_BYTES = )(64\.0)()(?=\s*$)"), _to("256.0")),
    # (a 16-byte swizzle) 16-byte rows.
    ("swizzle_tiling.fh17_hex_row_16", C(r"^(ROW_BYTES = )(64\.0)()(?=\s*$)"), _to("16.0")),
    # (a ValueError: int() of the mantissa text, before any launch) the 'x' found instead of the 'p'.
    ("control_flow.fh17_hex_rindex_x", C(r"(HEX\[HEX\.rindex\(')(p)('\) \+ 1:\])"), _to("x")),
    # ? 8 columns: 32-byte rows under a 64-byte swizzle.
    ("swizzle_tiling.fh17_hex_cols_8", C(r"^(ROWS, COLS = 128, )(64)()(?=\s*$)"), _to("8")),
    # lowering.py (tiling does not fit swizzle) 32-element tiles under a 64-byte f32 swizzle.
    ("swizzle_tiling.fh17_hex_tiling_literal", C(r"(plgpu\.TilingTransform\(\(8, )(SWIZZLE // jnp\.dtype\(DTYPE\)\.itemsize)(\)\))"),
     _to("32")),
    # (expected clean?) bf16 data: (8, 32) tiles.
    ("ops_dtypes.fh17_hex_bf16", C(r"^(DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("bfloat16")),

    # ============================================================ binary_format_rows (format spec)
    # ? the lowest bit: 1-row blocks under (8, 64) tiles.
    ("blockspec_grid.fh17_binary_bit0", C(r"^(MASK = )(0b01000000)()(?=\s*$)"), _to("0b00000001")),
    # ? two bits set: the last one gives 4-row blocks.
    ("blockspec_grid.fh17_binary_two_bits", C(r"^(MASK = )(0b01000000)()(?=\s*$)"), _to("0b01000100")),
    # (expected clean?) 128-row blocks over 8 steps.
    ("blockspec_grid.fh17_binary_bit7", C(r"^(MASK = )(0b01000000)()(?=\s*$)"), _to("0b10000000")),
    # (a ValueError: no '1' in the hex text '00000040', before any launch) the spec 08x.
    ("control_flow.fh17_binary_hex_spec", C(r"(BITS = f'\{MASK:)(08b)(\}')"), _to("08x")),
    # (expected clean?) a 64-byte swizzle: (8, 32) tiles.
    ("swizzle_tiling.fh17_binary_swizzle_64", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("64")),
    # ? 32 columns under a 128-byte f16 swizzle (64-element tiles).
    ("swizzle_tiling.fh17_binary_cols_32", C(r"^(COLS = )(64)()(?=\s*$)"), _to("32")),

    # ============================================================ hex_string_registers (int(text, 16))
    # primitives.py:3544 (a multiple of 8) '0xea' = 234.
    ("kernel_mesh_config.fh17_hexreg_consumer_ea", C(r"('consumer': ')(0xe8)(')"), _to("0xea")),
    # (expected clean) '0x18' = 24.
    ("kernel_mesh_config.fh17_hexreg_producer_18", C(r"('producer': ')(0x28)(')"), _to("0x18")),
    # (expected clean) '28' without the prefix still parses as hex 40.
    ("kernel_mesh_config.fh17_hexreg_no_prefix", C(r"('producer': ')(0x28)(')"), _to("28")),
    # ? base 10: int('0xe8', 10) is a ValueError before any launch... (the consumer parsed in decimal).
    ("control_flow.fh17_hexreg_base_10", C(r"(HIGH = int\(REGISTERS\['consumer'\], )(16)(\))"), _to("10")),
    # ? '0x108' = 264 registers.
    ("kernel_mesh_config.fh17_hexreg_consumer_264", C(r"('consumer': ')(0xe8)(')"), _to("0x108")),
    # (expected clean?) the roles swapped for LOW: 232 decreased to, 232 increased to.
    ("kernel_mesh_config.fh17_hexreg_low_consumer", C(r"(LOW = int\(REGISTERS\[')(producer)('\], 16\))"), _to("consumer")),
    # ? one thread: the consumer branch never runs.
    ("kernel_mesh_config.fh17_hexreg_threads_1", C(r"(num_threads=)(2)(,)"), _to("1")),

    # ============================================================ jax_copy_smem_to_gmem_predicate
    # (expected clean) the other parameter: predicate False.
    ("copy_tma.fh17_pred_false", C(r"^(predicate = )(True)()(?=\s*$)"), _to("False")),
    # ? an int predicate.
    ("copy_tma.fh17_pred_int", C(r"^(predicate = )(True)()(?=\s*$)"), _to("1")),
    # (a (256,) value stored into a (128,) SMEM ref).
    ("ref_store.fh17_pred_scratch_128", C(r"(scratch_types=\[plgpu\.SMEM\(\()(256)(,\), jnp\.float32\)\])"), _to("128")),
    # ? a (128,) output.
    ("copy_tma.fh17_pred_out_128", C(r"(out_type=jax\.ShapeDtypeStruct\(\[)(256)(\], jnp\.float32\))"), _to("128")),
    # (f32 ones stored into an int32 SMEM ref).
    ("ops_dtypes.fh17_pred_scratch_i32", C(r"(scratch_types=\[plgpu\.SMEM\(\(256,\), jnp\.)(float32)(\)\])"), _to("int32")),

    # ============================================================ jax_async_prefetch
    # (expected clean) the second parameter: slice(128).
    ("copy_tma.fh17_prefetch_slice_128", C(r"^(indexer = )(\.\.\.)()(?=\s*$)"), _to("slice(128)")),
    # ? a 3-element slice (12 bytes).
    ("copy_tma.fh17_prefetch_slice_3", C(r"^(indexer = )(\.\.\.)()(?=\s*$)"), _to("slice(3)")),
    # primitives.py "Expected shapes to match": a 128-element SMEM scratch.
    ("copy_tma.fh17_prefetch_smem_128", C(r"^(\s+plgpu\.SMEM\(\()(256)(,\), jnp\.float32\),)"), _to("128")),
    # primitives.py:227 "Expected dtypes to match": an int32 input.
    ("ops_dtypes.fh17_prefetch_x_i32", C(r"(x = jnp\.arange\(256\)\.astype\(jnp\.)(float32)(\))"), _to("int32")),
    # (expected clean?) the prefetch of a 2-D view: x_ref_gmem.at[None]?  the prefetch of half the input.
    ("copy_tma.fh17_prefetch_half", C(r"(plgpu\.async_prefetch\(x_ref_gmem\.at\[)(indexer)(\]\))"), _to(":128")),

    # ============================================================ jax_barrier_test
    # (expected clean) the other parameter: no warp_map.
    ("kernel_mesh_config.fh17_bt_all_warps", C(r"^(use_single_warp = )(True)()(?=\s*$)"), _to("False")),
    # ? one barrier: .at[1] out of range.
    ("barrier.fh17_bt_num_barriers_1", C(r"(plgpu\.Barrier\(num_barriers=)(2)(\))"), _to("1")),
    # primitives.py:643 (a single barrier expected) the whole array tested.
    ("barrier.fh17_bt_whole_array", C(r"(o_ref\[0\] = plgpu\.barrier_test\()(barrier_ref\.at\[0\])(\))"), _to("barrier_ref")),
    # ? a (4,) output: o_ref[4] out of range.
    ("ref_store.fh17_bt_out_4", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(5)(,\), jnp\.int32\))"), _to("4")),
    # ? an f32 output for int32 stores.
    ("ops_dtypes.fh17_bt_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(5,\), jnp\.)(int32)(\))"), _to("float32")),
    # (expected clean) warp 3 does the test.
    ("control_flow.fh17_bt_warp_3", C(r"(pl\.when\(warp_id == )(0)(\))"), _to("3")),

    # ============================================================ jax_program_id_in_squashed_grid
    # ? a fifth grid dimension.
    ("blockspec_grid.fh17_squashed_grid_5d", C(r"^(grid = \(2, 3, 4, 5)()(\))"), _to(", 2")),
    # ? program_id of an axis past the grid (axis + 1).
    ("axis_program_id.fh17_squashed_pid_shift", C(r"(idx \+= pl\.program_id\()(axis)(\) \* mult)"), _to("axis + 1")),
    # pallas/core.py (index map result rank) the trailing 0 dropped.
    ("blockspec_grid.fh17_squashed_index_rank", C(r"(lambda \*i: )(\(\*i, 0\))(\),)"), _to("(*i,)")),
    # ? num_programs of an axis past the grid (axis + 1).
    ("axis_program_id.fh17_squashed_nprog_shift", C(r"(mult \*= pl\.num_programs\()(axis)(\))"), _to("axis + 1")),
    # ? a float32 output for int32 indices.
    ("ops_dtypes.fh17_squashed_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[\*grid, 128\], jnp\.)(int32)(\))"), _to("float32")),
    # ? (1, 1, 1, 1, 64) blocks.
    ("blockspec_grid.fh17_squashed_block_64", C(r"(\(1,\) \* len\(grid\) \+ \()(128)(,\))"), _to("64")),

    # ? an int32 fill of the (1, 1, 1, 1, 128) block given as f32.
    ("ops_dtypes.fh17_squashed_fill_f32", C(r"(jnp\.full\(o_ref\.shape, idx)()(\))"), _to(", jnp.float32")),

    # ============================================================ jax_fori_loop_scalar
    # (expected clean) the other parameter: force_while True.
    ("control_flow.fh17_fori_force_while", C(r"^(force_while = )(False)()(?=\s*$)"), _to("True")),
    # (an f32 value stored into an int32 ref?) an f32 carry.
    ("ops_dtypes.fh17_fori_init_f32", C(r"(lambda i, x: x \+ i, jnp\.)(int32)(\(0\)\))"), _to("float32")),
    # ? an f32 output.
    ("ops_dtypes.fh17_fori_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[256\], jnp\.)(int32)(\))"), _to("float32")),
    # (expected clean) bounds reversed: no iteration.
    ("control_flow.fh17_fori_reversed", C(r"(_fori_loop\(force_while, )(2, 4)(, lambda)"), _to("4, 2")),
    # (a (128,) value stored into a (256,) ref).
    ("ref_store.fh17_fori_broadcast_128", C(r"^(\s+)(o_ref\.shape,)()(?=\s*$)"), _to("(128,),")),

    # (a TypeError: the carry turns f32 inside fori_loop) a float step.
    ("ops_dtypes.fh17_fori_body_float", C(r"(lambda i, x: )(x \+ i)(, jnp\.int32)"), _to("x + i * 0.5")),

    # ============================================================ jax_optimization_barrier / _multiple_inputs
    # ? an int32 output for the f32 value.
    ("ops_dtypes.fh17_optbar_out_i32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\(128,\), jnp\.)(float32)(\))"), _to("int32")),
    # (a (128,) value stored into a (64,) ref).
    ("ref_store.fh17_optbar_out_64", C(r"(out_shape=jax\.ShapeDtypeStruct\(\()(128)(,\), jnp\.float32\))"), _to("64")),
    # ? an int32 input.
    ("ops_dtypes.fh17_optbar_x_i32", C(r"^(\s+x = jax\.lax\.iota\(jnp\.)(float32)(, 128\))"), _to("int32")),
    # (expected clean) the barrier over a 1-tuple.
    ("control_flow.fh17_optbar_tuple", C(r"(o_ref\[\.\.\.\] = )(lax\.optimization_barrier\(x_ref\[\.\.\.\]\))()$"),
     _to("lax.optimization_barrier((x_ref[...],))[0]")),
    # (a (128,) value stored into a (64,) slice of the output).
    ("ref_store.fh17_optbar_store_half", C(r"(o_ref\[)(\.\.\.)(\] = lax\.optimization_barrier\(x_ref)"), _to(":64")),
    # (an f16 value stored into an f32 ref).
    ("ops_dtypes.fh17_optbar_astype_f16", C(r"(o_ref\[\.\.\.\] = )(lax\.optimization_barrier\(x_ref\[\.\.\.\]\))()$"),
     _to("lax.optimization_barrier(x_ref[...]).astype(jnp.float16)")),
    # (an f16 sum stored into an f32 ref).
    ("ops_dtypes.fh17_optbar2_sum_f16", C(r"(o_ref\[\.\.\.\] = )(x \+ c \+ y)()$"), _to("(x + c + y).astype(jnp.float16)")),
    # (expected clean?) an int32 scalar (x + c promotes to f32?).
    ("ops_dtypes.fh17_optbar2_c_i32", C(r"(c = jnp\.)(float32)(\(5\))"), _to("int32")),
    # (a (128,) + (64,) shape error) a 64-element y.
    ("ref_store.fh17_optbar2_y_64", C(r"(y = jax\.lax\.iota\(jnp\.float32, )(128)(\) \* 3)"), _to("64")),
    # ? an f16 output for an f32 sum.
    ("ops_dtypes.fh17_optbar2_out_f16", C(r"(out_type=jax\.ShapeDtypeStruct\(\(128,\), jnp\.)(float32)(\),)"), _to("float16")),
    # (a ValueError unpacking two values into three, inside the kernel's trace).
    ("control_flow.fh17_optbar2_two", C(r"(lax\.optimization_barrier\(\[x_ref\[\.\.\.\], )(c, )(y_ref\[\.\.\.\]\]\))"), _to("")),

    # ============================================================ jax_wgmma_reshaped_rhs_unit_tiling
    # primitives.py:2108 (incompatible shapes) the RHS reshaped to (256, 64).
    ("wgmma_mma.fh17_rur_reshape_256", C(r"(rhs_smem\.reshape\()(128, 128)(\))"), _to("256, 64")),
    # primitives.py:2320 "WGMMA rhs swizzle must match lhs swizzle": a 64-byte RHS swizzle.
    ("swizzle_tiling.fh17_rur_rhs_swizzle_64", C(r"(rhs_transforms = \(plgpu\.TilingTransform\(\(8, 1, 64\)\), plgpu\.SwizzleTransform\()(128)(\)\))"), _to("64")),
    # primitives.py:2322 "WGMMA rhs tiling does not fit swizzle": (8, 1, 32) tiles.
    ("swizzle_tiling.fh17_rur_rhs_tiling_32", C(r"(rhs_transforms = \(plgpu\.TilingTransform\(\(8, 1, )(64)(\)\))"), _to("32")),
    # primitives.py:2108 (incompatible shapes) a (64, 64) accumulator.
    ("wgmma_mma.fh17_rur_acc_64", C(r"(plgpu\.ACC\(\(64, )(128)(\), jnp\.float32\))"), _to("64")),
    # primitives.py:227 "Expected dtypes to match": a bf16 LHS input.
    ("ops_dtypes.fh17_rur_a_bf16", C(r"(a = jax\.random\.uniform\(key1, shape=\(64, 128\), dtype=jnp\.)(float16)(\))"), _to("bfloat16")),
    # (expected clean: arrivals are not checked against copies) one arrival for two copies (also jax_stage3).
    ("barrier.fh17_arrivals_2_to_1", C(r"(plgpu\.Barrier\(num_arrivals=)(2)(\),)"), _to("1")),

    # ============================================================ jax_emit_with_dynamic_grid_smaller_than_concurrent_steps
    # (expected clean) 64-element blocks of a 64-element array.
    ("blockspec_grid.fh17_dyn_block_64", C(r"^(block_x = )(128)()(?=\s*$)"), _to("64")),
    # ? a float block count read from GMEM.
    ("ops_dtypes.fh17_dyn_count_float", C(r"(jax\.jit\(kernel_fn\)\()(0)(, x\))"), _to("0.0")),
    # pallas/core.py (index map result rank) a 2-tuple.
    ("blockspec_grid.fh17_dyn_index_rank", C(r"(in_specs=\[plgpu\.BlockSpec\(\(block_x,\), lambda i: )(\(i,\))(\)\])"), _to("(i, 0)")),
    # primitives.py:227 (dtypes must match) an f32 output.
    ("copy_tma.fh17_dyn_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(block_x,\), jnp\.)(int32)(\))"), _to("float32")),
    # (expected clean) no pipelines.
    ("control_flow.fh17_dyn_repeat_0", C(r"(for _ in range\()(2)(\):)"), _to("0")),

    # ============================================================ jax_stage3 / jax_stage4 / jax_stage5
    # (expected clean) 32-row blocks (half the rows written).
    ("copy_tma.fh17_stage_row_block_32", C(r"^(row_block, col_block = )(64)(, 128)(?=\s*$)"), _to("32")),
    # primitives.py "Expected shapes to match": 64-column SMEM blocks.
    ("copy_tma.fh17_stage3_col_block_64", C(r"^(row_block, col_block = 64, )(128)()(?=\s*$)"), _to("64")),
    # (an unbound axis name) axis_index('row').
    ("axis_unknown.fh17_stage_axis", C(r"(lax\.axis_index\(\")(rows)(\"\))"), _to("row")),
    # core.py "grid_names must have the same length as grid": two names.
    ("kernel_mesh_config.fh17_stage_grid_names", C(r"(grid_names=\()(\"rows\",)(\),)"), _to("\"rows\", \"cols\"")),
    # primitives.py:227 (dtypes must match) f32 SMEM blocks.
    ("ops_dtypes.fh17_stage3_smem_f32", C(r"(plgpu\.SMEM\(\(row_block, col_block\), jnp\.)(float16)(\))"), _to("float32")),
    # ? 48-column blocks (two steps over 128 columns).
    ("blockspec_grid.fh17_stage4_col_block_48", C(r"^(row_block, col_block = 64, )(32)()(?=\s*$)"), _to("48")),
    # launch_context (TMA: 8 bytes along the minor dimension) 4-column blocks.
    ("copy_tma.fh17_stage4_col_block_4", C(r"^(row_block, col_block = 64, )(32)()(?=\s*$)"), _to("4")),
    # (expected clean?) the index map transposed: (c, r).
    ("blockspec_grid.fh17_stage4_index_swap", C(r"(lambda c: )(\(r, c\))()"), _to("(c, r)")),
    # ? a grid of 3 row blocks over two.
    ("kernel_mesh_config.fh17_stage_grid_3", C(r"^(\s+grid=\()(2)(,\),)"), _to("3")),
    # lowering.py (tiling does not fit the block?) a 128-byte swizzle: 64-element tiles over 32 columns.
    ("swizzle_tiling.fh17_stage5_swizzle_128", C(r"(default_transforms\(swizzle=)(64)(, dtype=jnp\.float16\))"), _to("128")),
    # (expected clean) a 32-byte swizzle: 16-element tiles.
    ("swizzle_tiling.fh17_stage5_swizzle_32", C(r"(default_transforms\(swizzle=)(64)(, dtype=jnp\.float16\))"), _to("32")),
    # ? f32 transforms over f16 blocks: 16-element tiles under a 64-byte swizzle.
    ("swizzle_tiling.fh17_stage5_transforms_f32", C(r"(default_transforms\(swizzle=64, dtype=jnp\.)(float16)(\))"), _to("float32")),

    # ============================================================ jax_wait_nodec
    # primitives.py:5093 "Must signal int32 values": a float increment.
    ("ops_dtypes.fh17_nodec_signal_float", C(r"(pl\.semaphore_signal\(sem, )(2)(, device_id=other_dev_id\))"), _to("2.0")),
    # primitives.py:5103 "`device_id`s must be int32 values": a float peer.
    ("kernel_mesh_config.fh17_nodec_device_float", C(r"(other_dev_id = )(1)( - lax\.axis_index\('x'\))"), _to("1.0")),
    # (an unbound axis name) axis_index('y').
    ("axis_unknown.fh17_nodec_axis", C(r"(other_dev_id = 1 - lax\.axis_index\(')(x)('\))"), _to("y")),
    # (expected clean) the first wait decrements.
    ("control_flow.fh17_nodec_decrement_first", C(r"(pl\.semaphore_wait\(sem, )(decrement=False)(\))"), _to("decrement=True")),
    # (an unbound axis name: the mesh axis 'y', the kernel's 'x').
    ("axis_unknown.fh17_nodec_mesh_axis", C(r"(mesh = jax\.sharding\.Mesh\(devices, \[')(x)('\]\))"), _to("y")),
    # ? a barrier semaphore type.
    ("kernel_mesh_config.fh17_nodec_sem_barrier", C(r"(plgpu\.SemaphoreType\.)(REGULAR)(\])"), _to("BARRIER")),

    # ============================================================ generic
    # primitives.py:2012 "n must be a non-negative integer".
    ("copy_tma.fh17_wait_store_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh17_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\((?:bar|bar0|bar1|loaded|barrier|barrier_ref)\))()(?=\s*$)"), _to("pass")),
    # ? Warpgroup semantics for a Lane kernel.
    ("compiler_params.fh17_semantics_warpgroup", C(r"(plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # pipeline.py (max_concurrent_steps must be positive) 0.
    ("pipeline.fh17_concurrent_steps_0", C(r"(max_concurrent_steps=)(2|1)(\)|,)"), _to("0")),
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs".
    ("copy_tma.fh17_load_without_barrier",
     C(r"(plgpu\.copy_gmem_to_smem\((?:x_gmem|a_gmem|x_gmem\.at\[rows, cols\]|x_gmem\.at\[rows\]|x_gmem\.at\[:, cols\]|lhs_ref), (?:smem|a_smem|lhs_smem))(, (?:bar|loaded|barrier_ref))(\))"),
     _to("")),
    # (an f16 value stored into an f32 SMEM ref).
    ("ref_store.fh17_store_f16_into_f32", C(r"^(\s+o_smem\[\.\.\.\] = )(x_smem.+)()$"), lambda m: f"{m.group(1)}({m.group(2)}).astype(jnp.float16)"),
    # lowering.py (tiling does not fit swizzle) the harness's swizzle_elems halved.
    ("swizzle_tiling.fh17_default_transforms_half", C(r"(swizzle_elems = )(8)( \* swizzle // )"), _to("4")),
)


def famheld17_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
