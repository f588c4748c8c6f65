"""One-edit mutations for the fifteenth held-out families corpus `famheld15`, written blind from JAX's own checks (the
`raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py and jax/_src/pallas/core.py of JAX
0.12.0.1, cited at operators by file:line from /work/shared/jax-raise-sites/sites.tsv where one site is meant, or by
their message) and from the Python the bases use (the exceptions numpy's meshgrid / argmax of an empty selection /
log2 / bincount / polyval / median / arange / setdiff1d raise, struct.iter_unpack / unpack_from, math.dist / math.log,
enum.member, dict key views, zip, complex arithmetic, asyncio.run of an async comprehension, a generator's
GeneratorExit, int's unbound dunders, nested comprehensions, a with statement of two context managers, a float
subclass). Nothing else: the checker was not read, and the earlier sets' operators only for their names (every name
here carries the prefix `fh15_`).

The user bases (build_famheld15.py) keep what the kernel depends on in Python that no earlier famheld set used, so
many operators edit the value where the program keeps it (an option list, a mask condition, a row-bytes width, a
barrier index list or minlength, a polynomial coefficient, a measured list, an arange step, an axis-name list, a
packed record or its format, a blob offset, a target point, an Enum member, a dict of mesh sizes, a log base, a bound
list, a complex shape, an async generator's item, a generator's budget or close(), an unbound method, a comprehension
clause, a reservation, a float share), some so that numpy or the user's own code raises before any kernel (a
ValueError, TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError or struct.error in the configuration
code), others so that the value flows into a JAX check; the rest edit the kernel or its launch (index maps, block /
grid shapes, axis, thread and grid names, collective axes, reduction ops, layouts and layout_casts, transforms,
barriers, dtypes, compiler params, the adapted tests' literals). A few generic ones fit many bases and are capped by
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
    # ============================================================ meshgrid_mask_matmul (np.meshgrid / mask / argmax)
    # (expected clean) a budget of 64 x 128: (64, 128) tiles.
    ("blockspec_grid.fh15_meshgrid_budget_half", C(r"(FITS = \(AREA <= )(128 \* 128)(\))"), _to("64 * 128")),
    # (numpy's ValueError: argmax of an empty selection, before any launch) no N option is a multiple of 512.
    ("control_flow.fh15_meshgrid_mask_empty", C(r"(NN % )(128)( == 0\))"), _to("512")),
    # (expected clean) xy indexing of square option lists.
    ("blockspec_grid.fh15_meshgrid_indexing_xy", C(r"(indexing=')(ij)(')"), _to("xy")),
    # (expected clean) argmin: (64, 128) tiles.
    ("control_flow.fh15_meshgrid_argmin", C(r"(PICK = AREA\[FITS\]\.)(argmax)(\(\))"), _to("argmin")),
    # ? 32-element K blocks under a 128-byte swizzle (64-element tiles).
    ("swizzle_tiling.fh15_meshgrid_tile_k_32", C(r"^(TILE_K = )(64)()(?=\s*$)"), _to("32")),
    # primitives.py:235 "Expected shapes to match": the tile stored to the whole output.
    ("copy_tma.fh15_meshgrid_store_whole",
     C(r"(plgpu\.copy_smem_to_gmem\(o_smem, )(o_gmem\.at\[pl\.ds\(mi \* TILE_M, TILE_M\), pl\.ds\(ni \* TILE_N, TILE_N\)\])(\))"),
     _to("o_gmem")),
    # lowering.py:3395 (an unbound axis name) axis_index('col').
    ("axis_unknown.fh15_meshgrid_axis", C(r"(ni = lax\.axis_index\(')(n)('\))"), _to("col")),
    # ? the picked sizes left numpy ints (int() dropped).
    ("control_flow.fh15_meshgrid_numpy_ints", C(r"(TILE_M, TILE_N = )(int\(MM\[FITS\]\[PICK\]\), int\(NN\[FITS\]\[PICK\]\))()"),
     _to("MM[FITS][PICK], NN[FITS][PICK]")),
    # ? an f16 accumulator.
    ("wgmma_mma.fh15_meshgrid_acc_f16", C(r"(plgpu\.ACC\(\(TILE_M, TILE_N\), jnp\.)(float32)(\))"), _to("float16")),

    # ============================================================ log2_ceil_swizzle (np.log2 / np.ceil / astype)
    # ? K 48: 96 row bytes round up to a 128-byte swizzle, 64-element tiles over 48 columns.
    ("swizzle_tiling.fh15_log2_k_48", C(r"^(M, K, N = 64, )(64)(, 128)"), _to("48")),
    # ? K 32: a 64-byte swizzle for both operands.
    ("swizzle_tiling.fh15_log2_k_32", C(r"^(M, K, N = 64, )(64)(, 128)"), _to("32")),
    # (expected clean) floor instead of ceil (128 is a power of two).
    ("swizzle_tiling.fh15_log2_floor", C(r"(np\.)(ceil)(\(np\.log2)"), _to("floor")),
    # (a TypeError: a shift by a float, before any launch) astype dropped.
    ("control_flow.fh15_log2_no_astype", C(r"(EXPONENT = np\.ceil\(np\.log2\(ROW_BYTES\)\))(\.astype\(np\.int64\))()"), _to("")),
    # ? the cap halved: a 64-byte swizzle over 128-byte A rows.
    ("swizzle_tiling.fh15_log2_cap_64", C(r"(SWIZZLE = int\(min\(1 << EXPONENT, )(128)(\)\))"), _to("ROW_BYTES // 2")),
    # primitives.py:896 (TMA destination shape) B's buffer transposed.
    ("copy_tma.fh15_log2_b_swapped", C(r"(plgpu\.SMEM\(\()(K, N)(\), DTYPE, transforms=TRANSFORMS\))"), _to("N, K")),
    # (an f32 accumulator written into an f16 output).
    ("ref_store.fh15_log2_out_f16", C(r"(out_type=jax\.ShapeDtypeStruct\(\(M, N\), jnp\.)(float32)(\))"), _to("float16")),
    # (expected clean) one arrival for two loads.
    ("barrier.fh15_log2_arrivals_1", C(r"(plgpu\.Barrier\(num_arrivals=)(2)(\))"), _to("1")),

    # ============================================================ bincount_arrivals (np.bincount)
    # core.py:1721 "Num arrivals must be at least 1": every load on barrier 0, bincount [3, 0].
    ("barrier.fh15_bincount_all_on_0", C(r"(COPY_BARRIER = np\.array\(\[0, 0, )(1)(\]\))"), _to("0")),
    # (three barriers for a kernel taking two: a TypeError while tracing) minlength 3.
    ("kernel_args.fh15_bincount_minlength_3", C(r"(minlength=)(2)(\))"), _to("3")),
    # (expected clean) the loads' barriers swapped: counts [2, 1] still right.
    ("barrier.fh15_bincount_swap_order", C(r"(COPY_BARRIER = np\.array\(\[)(0, 0, 1)(\]\))"), _to("1, 0, 0")),
    # ? weighted counts: two arrivals on the one-load barrier.
    ("barrier.fh15_bincount_weights", C(r"(np\.bincount\(COPY_BARRIER)(, minlength=2)(\))"), _to(", weights=[1, 1, 2], minlength=2")),
    # (numpy's ValueError for a negative index, before any launch).
    ("control_flow.fh15_bincount_negative", C(r"(COPY_BARRIER = np\.array\(\[)(0)(, 0, 1\]\))"), _to("-1")),
    # (an f16 value stored into an f32 buffer).
    ("ref_store.fh15_bincount_store_f16",
     C(r"(x_smem\[\.\.\.\] = )(x_smem\[\.\.\.\] \* y_smem\[\.\.\.\] \+ z_smem\[\.\.\.\])()"),
     _to("(x_smem[...] * y_smem[...] + z_smem[...]).astype(jnp.float16)")),
    # primitives.py:235 "Expected shapes to match": a 64-row output.
    ("copy_tma.fh15_bincount_out_rows", C(r"(out_type=jax\.ShapeDtypeStruct\()(SHAPE)(, DTYPE\))"), _to("(64, 128)")),

    # ============================================================ polyval_registers (np.polyval)
    # primitives.py:3544 "n must be a positive multiple of 8": 236 not rounded.
    ("kernel_mesh_config.fh15_polyval_no_round", C(r"(HIGH = int\(np\.polyval\(COEFFS, THREADS\)\))( // 8 \* 8)()"), _to("")),
    # ? a flatter fit: 276 rounds to 272 registers (above 255).
    ("kernel_mesh_config.fh15_polyval_coeff_flat", C(r"(COEFFS = np\.array\(\[)(-11\.0)(, 0\.0, 280\.0\]\))"), _to("-1.0")),
    # (a TypeError from int() of an array, before any launch) polyval's arguments swapped.
    ("control_flow.fh15_polyval_args_swapped", C(r"(np\.polyval\()(COEFFS, THREADS)(\))"), _to("THREADS, COEFFS")),
    # primitives.py:3544 (a multiple of 8) LOW 44.
    ("kernel_mesh_config.fh15_polyval_low_44", C(r"^(LOW = )(40)()(?=\s*$)"), _to("44")),
    # primitives.py:3546 "action must be 'increase' or 'decrease'".
    ("kernel_mesh_config.fh15_polyval_action_typo", C(r"(action=')(increase)(')"), _to("raise")),
    # ? three warpgroups: 176 registers, an idle third.
    ("kernel_mesh_config.fh15_polyval_threads_3", C(r"^(THREADS = )(2)()(?=\s*$)"), _to("3")),
    # (an unbound axis name) axis_index('warpgroup').
    ("axis_unknown.fh15_polyval_axis", C(r"(wg = lax\.axis_index\(')(wg)('\))"), _to("warpgroup")),
    # (an f32 buffer stored into a bf16 output) the output bf16.
    ("copy_tma.fh15_polyval_out_bf16", C(r"(out_type=jax\.ShapeDtypeStruct\(SHAPE, jnp\.)(float32)(\))"), _to("bfloat16")),

    # ============================================================ median_block_pipeline (np.median)
    # ? the mean: 76-row blocks (the grid floors).
    ("blockspec_grid.fh15_median_mean", C(r"(BLOCK_ROWS = int\(np\.)(median)(\(MEASURED\)\))"), _to("mean")),
    # ? the max: 128-row blocks, three 32 KiB buffers per stage.
    ("pipeline.fh15_median_max", C(r"(BLOCK_ROWS = int\(np\.)(median)(\(MEASURED\)\))"), _to("max")),
    # (a ValueError from int(nan), before any launch) no measurements.
    ("control_flow.fh15_median_empty", C(r"(MEASURED = np\.array\()(\[48, 64, 100, 64, 128, 72, 60\])(\))"), _to("[]")),
    # launch_context (TMA needs 16 bytes along the minor dimension) two f32 columns per block.
    ("copy_tma.fh15_median_cols_2", C(r"^(BLOCK_COLS = )(64)()(?=\s*$)"), _to("2")),
    # (a row of the block stored into the whole block).
    ("ref_store.fh15_median_store_row", C(r"(o_smem\[\.\.\.\] = )(x_smem\[\.\.\.\] \* 0\.5 \+ y_smem\[\.\.\.\])()"),
     _to("(x_smem[...] * 0.5 + y_smem[...])[0]")),
    # ? two measurements: the median of 48 and 64 (56-row blocks).
    ("blockspec_grid.fh15_median_two", C(r"(MEASURED = np\.array\()(\[48, 64, 100, 64, 128, 72, 60\])(\))"), _to("[48, 64]")),

    # ============================================================ arange_step_tiles (np.arange with a step)
    # ? a step of 48: the last 64-row tile starts at 240 of 256 rows.
    ("copy_tma.fh15_arange_step_48", C(r"(STARTS = np\.arange\(0, ROWS, )(TILE_ROWS)(\))"), _to("48")),
    # (expected clean) a step of two tiles: half the rows loaded.
    ("barrier.fh15_arange_step_double", C(r"(STARTS = np\.arange\(0, ROWS, )(TILE_ROWS)(\))"), _to("2 * TILE_ROWS")),
    # (numpy's ZeroDivisionError for a zero step, before any launch).
    ("control_flow.fh15_arange_step_0", C(r"(STARTS = np\.arange\(0, ROWS, )(TILE_ROWS)(\))"), _to("0")),
    # ? three barriers for four tiles.
    ("barrier.fh15_arange_barriers_short", C(r"(num_barriers=)(len\(STARTS\))(\))"), _to("len(STARTS) - 1")),
    # primitives.py:896 (TMA destination shape) the whole buffer as destination.
    ("copy_tma.fh15_arange_dst_unsliced", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bars\.at\[k\]\))"),
     _to("smem")),
    # (expected clean) each store in its own commit group.
    ("copy_tma.fh15_arange_commit_group_true", C(r"(o_gmem\.at\[rows\], commit_group=)(False)(\))"), _to("True")),
    # (a (256, 64) value stored into a tile).
    ("ref_store.fh15_arange_scale_whole", C(r"(smem\[rows\] = )(smem\[rows\])( \* float\(k \+ 1\))"), _to("smem[...]")),
    # ? float starts (np.arange from 0.0).
    ("control_flow.fh15_arange_float_starts", C(r"(STARTS = np\.arange\()(0)(, ROWS, TILE_ROWS\))"), _to("0.0")),

    # ============================================================ setdiff_mesh_allreduce (np.setdiff1d / np.isin)
    # (an IndexError before any launch) every candidate left out.
    ("control_flow.fh15_setdiff_all_unused", C(r"(UNUSED_AXES = np\.array\(\[)('data', 'model')(\]\))"), _to("'data', 'model', 'peers'")),
    # (expected clean) 'model' kept: the mesh and the kernel both use it.
    ("shard_map_axis_names_subset.fh15_setdiff_keep_model", C(r"(UNUSED_AXES = np\.array\(\[)('data', 'model')(\]\))"),
     _to("'data', 'peers'")),
    # ? a 'max' reduction.
    ("reduction_dtype.fh15_setdiff_op_max", C(r"(reduction_op=')(add)(')"), _to("max")),
    # ? a bitwise 'xor' of f32 values.
    ("reduction_dtype.fh15_setdiff_op_xor", C(r"(reduction_op=')(add)(')"), _to("xor")),
    # primitives.py "Failed to infer the output layout of multimem_load_reduce".
    ("layout_missing.fh15_setdiff_no_layout_cast",
     C(r"^(\s+)(total = plgpu\.layout_cast\(total, plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\)\))()(?=\s*$)"), _to("pass")),
    # (a vector width 3) VEC 3.
    ("vector_width.fh15_setdiff_vec_3", C(r"^(VEC = )(4)()(?=\s*$)"), _to("3")),
    # ? four devices (the peer id 1 - i goes negative).
    ("kernel_mesh_config.fh15_setdiff_devices_4", C(r"^(DEVICES = )(2)()(?=\s*$)"), _to("4")),

    # ============================================================ iter_unpack_ws (struct.iter_unpack)
    # pipeline.py (SMEM outputs are not supported with multiple compute warpgroups) the two-warpgroup record.
    ("pipeline.fh15_iterunpack_pick_two_wgs", C(r"(if r\[3\] == )(1)(\))"), _to("2")),
    # (struct.error before any launch) a three-field format for four values.
    ("control_flow.fh15_iterunpack_format_short", C(r"^(RECORD = ')(<4H)(')"), _to("<3H")),
    # (a StopIteration before any launch) no record with three compute warpgroups.
    ("control_flow.fh15_iterunpack_pick_none", C(r"(if r\[3\] == )(1)(\))"), _to("3")),
    # ? depth 1 for a warp-specialized pipeline.
    ("pipeline.fh15_iterunpack_depth_1", C(r"(struct\.pack\(RECORD, 64, 128, )(2)(, 1\))"), _to("1")),
    # ? 96-row blocks over 256 rows.
    ("blockspec_grid.fh15_iterunpack_rows_96", C(r"(struct\.pack\(RECORD, )(64)(, 128, 2, 1\))"), _to("96")),
    # ? no memory thread: num_threads equal to the compute warpgroups.
    ("kernel_mesh_config.fh15_iterunpack_no_memory_thread", C(r"(num_threads=)(COMPUTE_WGS \+ 1)(,)"), _to("COMPUTE_WGS")),
    # (an unbound axis name) wg_axis 'warpgroup'.
    ("axis_unknown.fh15_iterunpack_wg_axis", C(r"(wg_axis=)(AXIS)(,)"), _to("'warpgroup'")),

    # ============================================================ unpack_from_swizzle (struct.unpack_from)
    # ? offset 0: the magic read as the row count (18253 rows).
    ("control_flow.fh15_unpack_offset_0", C(r"(offset=)(2)(\))"), _to("0")),
    # ? a 64-byte swizzle in the blob.
    ("swizzle_tiling.fh15_unpack_swizzle_64", C(r"(struct\.pack\('<3H', 128, 64, )(128)(\))"), _to("64")),
    # core.py "Swizzle 256 is not supported" (or its tiling).
    ("swizzle_tiling.fh15_unpack_swizzle_256", C(r"(struct\.pack\('<3H', 128, 64, )(128)(\))"), _to("256")),
    # ? 32 rows in the WGMMA layout.
    ("layout_unsupported.fh15_unpack_rows_32", C(r"(struct\.pack\('<3H', )(128)(, 64, 128\))"), _to("32")),
    # (struct.error before any launch) four fields from six bytes.
    ("control_flow.fh15_unpack_format_4H", C(r"(struct\.unpack_from\(')(<3H)(', BLOB)"), _to("<4H")),
    # ? big-endian: 32768 rows.
    ("control_flow.fh15_unpack_big_endian", C(r"(struct\.unpack_from\(')(<3H)(', BLOB)"), _to(">3H")),
    # (an f32 value stored into an f16 buffer).
    ("ref_store.fh15_unpack_store_f32", C(r"(smem\[\.\.\.\] = )(x \+ x)()"), _to("(x + x).astype(jnp.float32)")),

    # ============================================================ math_dist_blocks (math.dist)
    # (expected clean) a far target: (128, 128) blocks.
    ("blockspec_grid.fh15_dist_target_far", C(r"^(TARGET = )(\(100, 70\))()"), _to("(300, 300)")),
    # (math.dist's ValueError for points of different dimensions, before any launch).
    ("control_flow.fh15_dist_dims_mismatch", C(r"^(TARGET = )(\(100, 70\))()"), _to("(100, 70, 1)")),
    # (expected clean) max: (64, 128) blocks.
    ("control_flow.fh15_dist_key_max", C(r"(BLOCK = )(min)(\(CANDIDATES)"), _to("max")),
    # ? a (100, 64) candidate nearest: the grid floors.
    ("blockspec_grid.fh15_dist_candidate_100", C(r"(CANDIDATES = \[\(64, 64\), \()(128)(, 64\))"), _to("100")),
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh15_dist_grid_names_1", C(r"(grid_names=)(\('r', 'c'\))(,)"), _to("('r',)")),
    # (an unbound axis name) axis_index('col').
    ("axis_unknown.fh15_dist_axis", C(r"(lax\.axis_index\(')(c)('\) \* BLOCK\[1\])"), _to("col")),
    # primitives.py:862 "Expected dtypes to match": an f16 block buffer.
    ("copy_tma.fh15_dist_smem_f16", C(r"(plgpu\.SMEM\(BLOCK, jnp\.)(float32)(\))"), _to("float16")),
    # primitives.py:235 "Expected shapes to match": the block stored to a row band.
    ("copy_tma.fh15_dist_store_rows", C(r"(plgpu\.copy_smem_to_gmem\(smem, )(o_gmem\.at\[rows, cols\])(\))"), _to("o_gmem.at[rows]")),

    # ============================================================ enum_member_tiling (enum.member)
    # (an AttributeError before any launch) enum.member dropped: the lambda becomes a method, not a member.
    ("control_flow.fh15_enum_no_member",
     C(r"(ELEMS = )(enum\.member\(lambda dtype: Tiling\.SWIZZLE\.value // jnp\.dtype\(dtype\)\.itemsize\))()"),
     _to("lambda dtype: Tiling.SWIZZLE.value // jnp.dtype(dtype).itemsize")),
    # ? a 64-byte swizzle: 32-element tiles.
    ("swizzle_tiling.fh15_enum_swizzle_64", C(r"^(\s+SWIZZLE = )(128)()(?=\s*$)"), _to("64")),
    # core.py "Swizzle 96 is not supported".
    ("swizzle_tiling.fh15_enum_swizzle_96", C(r"^(\s+SWIZZLE = )(128)()(?=\s*$)"), _to("96")),
    # ? a tiling of 4 rows.
    ("swizzle_tiling.fh15_enum_rows_4", C(r"^(\s+ROWS = )(8)()(?=\s*$)"), _to("4")),
    # ? ROWS an alias of SWIZZLE (value 128): a 128-row tiling over 64 rows.
    ("control_flow.fh15_enum_alias", C(r"^(\s+ROWS = )(8)()(?=\s*$)"), _to("128")),
    # ? the tile width computed for f32 over an f16 buffer (32 elements).
    ("swizzle_tiling.fh15_enum_itemsize_f32", C(r"(Tiling\.ELEMS\.value\()(DTYPE)(\))"), _to("jnp.float32")),
    # ? the WGMMA_ROW layout for a 2-D tile.
    ("layout_unsupported.fh15_enum_layout_row", C(r"(load_regs\(smem, plgpu\.Layout\.)(WGMMA)(\))"), _to("WGMMA_ROW")),
    # (an f16 buffer stored into an f32 output) the output f32.
    ("copy_tma.fh15_enum_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(SHAPE, )(DTYPE)(\))"), _to("jnp.float32")),

    # ============================================================ keys_difference_signal (dict keys() - keys(), min default)
    # (an unknown axis 'replica' in the kernel) nothing replicated.
    ("axis_unknown.fh15_keys_nothing_replicated", C(r"^(REPLICATED = )(\{'replica': 1\})()"), _to("{}")),
    # (a KeyError for None before any launch) every axis replicated.
    ("control_flow.fh15_keys_all_replicated", C(r"^(REPLICATED = )(\{'replica': 1\})()"), _to("{'replica': 1, 'x': 2}")),
    # ? a union of the key views: 'replica' chosen, a one-device mesh named 'x'.
    ("control_flow.fh15_keys_union", C(r"(FREE = MESH_SIZES\.keys\(\) )(-)( REPLICATED\.keys\(\))"), _to("|")),
    # ? an intersection of the key views.
    ("control_flow.fh15_keys_intersection", C(r"(FREE = MESH_SIZES\.keys\(\) )(-)( REPLICATED\.keys\(\))"), _to("&")),
    # (expected clean) a wait for twice the devices.
    ("barrier.fh15_keys_wait_double", C(r"(pl\.semaphore_wait\(sem, )(DEVICES)(\))"), _to("2 * DEVICES")),
    # primitives.py (collective_axes must equal the mesh axes) a literal 'y'.
    ("shard_map_axis_names_subset.fh15_keys_literal_axis", C(r"(semaphore_signal_multicast\(sem, collective_axes=)(AXIS)(\))"),
     _to("'y'")),
    # primitives.py:896 (TMA destination shape) a 64-row buffer.
    ("copy_tma.fh15_keys_smem_rows", C(r"(plgpu\.SMEM\(\()(ROWS)(, COLS\), jnp\.float32\), plgpu\.Barrier\(\), plgpu\.SemaphoreType)"),
     _to("64")),

    # ============================================================ math_log_depth (math.log)
    # (expected clean) 3 steps: depth 1, release 0.
    ("pipeline.fh15_log_steps_3", C(r"^(STEPS = )(16)()(?=\s*$)"), _to("3")),
    # pipeline.py:316 "max_concurrent_steps must be greater than all delay_release values".
    ("pipeline.fh15_log_release_depth", C(r"^(RELEASE = )(DEPTH - 1)()(?=\s*$)"), _to("DEPTH")),
    # ? base 2: depth 5, three 16 KiB buffers per stage.
    ("pipeline.fh15_log_base_2", C(r"(math\.log\(STEPS, )(4)(\))"), _to("2")),
    # (ZeroDivisionError before any launch) base 1.
    ("control_flow.fh15_log_base_1", C(r"(math\.log\(STEPS, )(4)(\))"), _to("1")),
    # (math domain error before any launch) zero steps.
    ("control_flow.fh15_log_steps_0", C(r"^(STEPS = )(16)()(?=\s*$)"), _to("0")),
    # (a (32, 128) block stored into a (16, 128) output block).
    ("ref_store.fh15_log_out_block", C(r"(o_spec = plgpu\.BlockSpec\()(BLOCK)(, lambda i)"), _to("(16, 128)")),
    # pallas/core.py (block rank) a 1-D block for 2-D arrays.
    ("blockspec_grid.fh15_log_block_rank", C(r"^(BLOCK = )(\(32, 128\))()"), _to("(32,)")),
    # ? a negative delay_release.
    ("pipeline.fh15_log_release_negative", C(r"^(RELEASE = )(DEPTH - 1)()(?=\s*$)"), _to("DEPTH - 4")),

    # ============================================================ zip_pairs_segments (zip(x, x[1:]))
    # ? zip of the list with itself: zero-row segments.
    ("control_flow.fh15_zip_no_shift", C(r"(zip\(BOUNDS, )(BOUNDS\[1:\])(\))"), _to("BOUNDS")),
    # ? a shift of two: overlapping 96-row segments.
    ("copy_tma.fh15_zip_shift_2", C(r"(zip\(BOUNDS, )(BOUNDS\[1:\])(\))"), _to("BOUNDS[2:]")),
    # ? two barriers for three segments.
    ("barrier.fh15_zip_barriers_short", C(r"(num_barriers=)(len\(PIECES\))(\))"), _to("len(PIECES) - 1")),
    # ? a 36-row first segment.
    ("copy_tma.fh15_zip_unaligned_bound", C(r"(BOUNDS = \[0, )(32)(, 96, 128\])"), _to("36")),
    # primitives.py:235 "Expected shapes to match": a segment stored to the whole output.
    ("copy_tma.fh15_zip_store_unsliced", C(r"(plgpu\.copy_smem_to_gmem\(smem\.at\[rows\], )(o_gmem\.at\[rows\])(\))"), _to("o_gmem")),
    # (a (128, 128) value stored into a segment).
    ("ref_store.fh15_zip_add_whole", C(r"(smem\[rows\] = )(smem\[rows\])( \+ float\(s\))"), _to("smem[...]")),
    # ? a descending last bound: a segment of -32 rows.
    ("control_flow.fh15_zip_descending", C(r"(BOUNDS = \[0, 32, 96, )(128)(\])"), _to("64")),

    # ============================================================ complex_conjugate_transpose (complex arithmetic)
    # ? without the conjugate: a (-128, 64) output shape.
    ("control_flow.fh15_complex_no_conjugate", C(r"(FLIPPED = SHAPE)(\.conjugate\(\))( \* 1j)"), _to("")),
    # ? without the rotation: a (64, -128) output shape.
    ("control_flow.fh15_complex_no_rotation", C(r"(FLIPPED = SHAPE\.conjugate\(\))( \* 1j)()"), _to("")),
    # ? a layout_cast to WGMMA (no transpose) before the .T store.
    ("layout_unsupported.fh15_complex_cast_wgmma", C(r"(plgpu\.layout_cast\(x, plgpu\.Layout\.)(WGMMA_TRANSPOSED)(\))"), _to("WGMMA")),
    # (a (64, 128) value stored into a (128, 64) buffer) the store without .T.
    ("ref_store.fh15_complex_store_untransposed", C(r"^(\s+)(out_smem\.T)(\[\.\.\.\] = )"), _to("out_smem")),
    # ? 32 rows: a WGMMA layout over half a warpgroup tile.
    ("layout_unsupported.fh15_complex_rows_32", C(r"(SHAPE = complex\()(64)(, 128\))"), _to("32")),
    # (expected clean) a square 64 x 64 tile.
    ("swizzle_tiling.fh15_complex_square", C(r"(SHAPE = complex\(64, )(128)(\))"), _to("64")),
    # ? f32 tiles.
    ("ops_dtypes.fh15_complex_f32", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float32")),
    # ? the WGMMA value stored through .T without its WGMMA_TRANSPOSED cast.
    ("layout_missing.fh15_complex_no_cast",
     C(r"(out_smem\.T\[\.\.\.\] = )(plgpu\.layout_cast\(x, plgpu\.Layout\.WGMMA_TRANSPOSED\))()"), _to("x")),

    # ============================================================ async_comprehension_pipeline (async for)
    # (a KeyError before any launch) the generator yields 'columns'.
    ("control_flow.fh15_async_key_typo", C(r"(\(\('rows', 64\), \(')(cols)(', 128\))"), _to("columns")),
    # pipeline.py (max_concurrent_steps must be positive) depth 0.
    ("pipeline.fh15_async_depth_0", C(r"(\('depth', )(2)(\)\))"), _to("0")),
    # ? 48-row blocks (the grid floors).
    ("blockspec_grid.fh15_async_rows_48", C(r"(\(\('rows', )(64)(\))"), _to("48")),
    # launch_context (TMA needs 16 bytes along the minor dimension) two columns.
    ("copy_tma.fh15_async_cols_2", C(r"(\('cols', )(128)(\))"), _to("2")),
    # (a TypeError before any launch: a coroutine is not subscriptable) asyncio.run dropped.
    ("control_flow.fh15_async_no_run", C(r"(CFG = )(asyncio\.run\(collect\(\)\))()"), _to("collect()")),
    # ? depth 5: three 32 KiB buffers per stage past SMEM.
    ("pipeline.fh15_async_depth_5", C(r"(\('depth', )(2)(\)\))"), _to("5")),
    # (a row of the block stored into the whole block).
    ("ref_store.fh15_async_store_row", C(r"(o_smem\[\.\.\.\] = )(jnp\.maximum\(x_smem\[\.\.\.\], y_smem\[\.\.\.\]\))()"),
     _to("jnp.maximum(x_smem[...], y_smem[...])[0]")),

    # ============================================================ generator_exit_blocks (GeneratorExit)
    # (a KeyError before any launch) the generator never closed: nothing recorded.
    ("control_flow.fh15_genexit_no_close", C(r"^()(search\.close\(\))()(?=\s*$)"), _to("pass")),
    # (expected clean) a 1 MiB budget: 256-row blocks.
    ("copy_tma.fh15_genexit_budget_big", C(r"^(BUDGET = )(64 \* 1024)()(?=\s*$)"), _to("1024 * 1024")),
    # (a ZeroDivisionError before any launch) a 64-byte budget: rows halve to 0.
    ("control_flow.fh15_genexit_budget_tiny", C(r"^(BUDGET = )(64 \* 1024)()(?=\s*$)"), _to("64")),
    # ? proposals from 192: 48-row blocks (the grid floors).
    ("blockspec_grid.fh15_genexit_start_192", C(r"(search = proposals\()(256)(\))"), _to("192")),
    # (expected clean) the handler returns instead of re-raising.
    ("control_flow.fh15_genexit_swallow", C(r"^(\s+)(raise)()(?=\s*$)"), _to("return")),
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh15_genexit_grid_names", C(r"(grid_names=)(\('blk',\))(,)"), _to("('blk', 'lane')")),
    # (an unbound axis name) axis_index('block').
    ("axis_unknown.fh15_genexit_axis", C(r"(lax\.axis_index\(')(blk)('\) \* BLOCK)"), _to("block")),
    # primitives.py:862 "Expected dtypes to match": a bf16 block buffer.
    ("copy_tma.fh15_genexit_smem_bf16", C(r"(plgpu\.SMEM\(\(BLOCK, COLS\), jnp\.)(float32)(\))"), _to("bfloat16")),

    # ============================================================ int_dunder_grid (int.__floordiv__)
    # ? true division: float block dimensions.
    ("control_flow.fh15_intdunder_truediv", C(r"(map\(int\.)(__floordiv__)(, SHAPE, GRID\))"), _to("__truediv__")),
    # ? a grid of (4, 8): 32-column bf16 blocks under 64-element tiles.
    ("swizzle_tiling.fh15_intdunder_grid_8", C(r"^(GRID = \(4, )(2)(\))"), _to("8")),
    # ? the remainder: zero-sized blocks.
    ("blockspec_grid.fh15_intdunder_mod", C(r"(map\(int\.)(__floordiv__)(, SHAPE, GRID\))"), _to("__mod__")),
    # (a TypeError before any launch) float's unbound method over ints.
    ("control_flow.fh15_intdunder_float_method", C(r"(map\()(int)(\.__floordiv__)"), _to("float")),
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh15_intdunder_grid_names_1", C(r"(grid_names=)(\('i', 'j'\))(,)"), _to("('i',)")),
    # (expected clean) f16 tiles.
    ("ops_dtypes.fh15_intdunder_f16", C(r"^(DTYPE = jnp\.)(bfloat16)()(?=\s*$)"), _to("float16")),
    # (an unbound axis name) axis_index('row').
    ("axis_unknown.fh15_intdunder_axis", C(r"(lax\.axis_index\(')(i)('\) \* BLOCK\[0\])"), _to("row")),

    # ============================================================ nested_comprehension_wgmma (nested comprehension)
    # ? a 96-row option: the last tile (96, 128) (WGMMA M must be a multiple of 64).
    ("wgmma_mma.fh15_nested_m_96", C(r"(for m in \(64, 128, )(192)(\))"), _to("96")),
    # (an IndexError before any launch) nothing fits a 2048-element budget.
    ("control_flow.fh15_nested_no_fit", C(r"(if m \* n <= )(128 \* 128)()"), _to("32 * 32")),
    # (expected clean) the first tile: (64, 64).
    ("wgmma_mma.fh15_nested_first", C(r"(TILE_M, TILE_N = TILES\[)(-1)(\])"), _to("0")),
    # ? a larger budget: a (192, 256) accumulator.
    ("wgmma_mma.fh15_nested_budget_big", C(r"(if m \* n <= )(128 \* 128)()"), _to("192 * 256")),
    # ? K 32 under a 128-byte swizzle.
    ("swizzle_tiling.fh15_nested_k_32", C(r"^(K = )(64)()(?=\s*$)"), _to("32")),
    # (an f32 accumulator stored into an f16 buffer).
    ("ref_store.fh15_nested_o_smem_f16", C(r"(plgpu\.SMEM\(\(TILE_M, TILE_N\), jnp\.)(float32)(\))"), _to("float16")),
    # primitives.py:896 (TMA destination shape) B's buffer transposed.
    ("copy_tma.fh15_nested_b_swapped", C(r"(plgpu\.SMEM\(\()(K, TILE_N)(\), DTYPE)"), _to("TILE_N, K")),
    # ? both loads on barrier 0 (barrier 1 waited on, never armed; expected clean).
    ("barrier.fh15_nested_b_on_barrier_0", C(r"(plgpu\.copy_gmem_to_smem\(b_gmem, b_smem, bars\.at\[)(1)(\]\))"), _to("0")),

    # ============================================================ multi_with_depth (with a, b)
    # (expected clean) a cap of 8: still three stages.
    ("pipeline.fh15_with_cap_8", C(r"(DEPTH = min\()(4)(, FREE // STAGE_BYTES\))"), _to("8")),
    # pipeline.py (max_concurrent_steps must be positive) a 160 KiB second reservation: depth 0.
    ("pipeline.fh15_with_reserve_big", C(r"(Reserve\(POOL, )(64)( \* 1024\) as after_both)"), _to("160")),
    # (expected clean) the value after the first reservation: depth 4.
    ("control_flow.fh15_with_after_first", C(r"(FREE = )(after_both)()"), _to("after_first")),
    # (a TypeError before any launch) __enter__ returns None.
    ("control_flow.fh15_with_enter_none", C(r"^(\s+)(return self\.pool\['total'\] - self\.pool\['used'\])()(?=\s*$)"), _to("pass")),
    # pipeline.py (max_concurrent_steps must be positive) 256-row blocks: depth 0.
    ("pipeline.fh15_with_block_256", C(r"^(BLOCK = \()(32)(, 128\))"), _to("256")),
    # (a row stored into the whole block).
    ("ref_store.fh15_with_store_row", C(r"(o_smem\[\.\.\.\] = )(x_smem\[\.\.\.\] \* 3\.0)()"), _to("x_smem[0] * 3.0")),
    # ? a 1 MiB pool: depth 4 (capped).
    ("pipeline.fh15_with_pool_huge", C(r"(POOL = \{'total': )(224)( \* 1024)"), _to("1024")),

    # ============================================================ float_subclass_split (a float subclass)
    # ? a share of 1.0: the second warpgroup's part has no rows.
    ("control_flow.fh15_share_one", C(r"(FIRST = Share\()(0\.5)(\))"), _to("1.0")),
    # (expected clean) a share of 0.3: 32 and 96 rows.
    ("control_flow.fh15_share_0_3", C(r"(FIRST = Share\()(0\.5)(\))"), _to("0.3")),
    # (an AttributeError before any launch) a plain float.
    ("control_flow.fh15_share_plain_float", C(r"(FIRST = )(Share)(\(0\.5\))"), _to("float")),
    # (expected clean) one arrival for two warpgroups.
    ("barrier.fh15_share_arrivals_1", C(r"(plgpu\.Barrier\(num_arrivals=)(WARPGROUPS)(\)\])"), _to("1")),
    # core.py:1721 "Num arrivals must be at least 1".
    ("barrier.fh15_share_arrivals_0", C(r"(plgpu\.Barrier\(num_arrivals=)(WARPGROUPS)(\)\])"), _to("WARPGROUPS - 2")),
    # ? a third, idle warpgroup.
    ("kernel_mesh_config.fh15_share_threads_3", C(r"(num_threads=)(WARPGROUPS)(,)"), _to("WARPGROUPS + 1")),
    # (an unbound axis name) thread_name 'warp'.
    ("axis_unknown.fh15_share_thread_name", C(r"(thread_name=)('wg')(,)"), _to("'warp'")),
    # (a (128, 64) value stored into a part).
    ("ref_store.fh15_share_rows_whole", C(r"(smem\[rows\] = )(smem\[rows\])( \* float\(k \+ 2\))"), _to("smem[...]")),

    # ============================================================ jax_multiple_of
    # ? multiple_of 0.
    ("ops_dtypes.fh15_multiple_of_zero", C(r"(pl\.multiple_of\(dyn_index, )(\(7, 8\))(\))"), _to("0")),
    # primitives.py:896 (TMA source shape) a 32-row window into a 64-row buffer.
    ("copy_tma.fh15_multiple_of_window_32", C(r"(gmem_slice = pl\.ds\(dyn_index, )(64)(\))"), _to("32")),
    # ? a 32-byte swizzle for the buffer.
    ("swizzle_tiling.fh15_multiple_of_swizzle_32", C(r"(transforms=default_transforms\()(dtype=jnp\.float32)(\))"),
     _to("swizzle=32, dtype=jnp.float32")),
    # ? a float index (pl.ds of an f32 start).
    ("ops_dtypes.fh15_multiple_of_index_f32", C(r"(index = jnp\.array\(\[0\], dtype=jnp\.)(int32)(\))"), _to("float32")),
    # primitives.py:896 (TMA source shape) half the columns.
    ("copy_tma.fh15_multiple_of_cols_window", C(r"(x_gmem\.at\[gmem_slice, )(:)(\])"), _to("pl.ds(0, 32)")),
    # ? a (32, 64) output and buffer for a 64-row window.
    ("ref_store.fh15_multiple_of_out_rows", C(r"^(out_shape = \()(64)(, 64\))"), _to("32")),

    # ============================================================ jax_comparison_op
    # (expected clean) int32 (another of the test's parameters).
    ("ops_dtypes.fh15_cmp_int32", C(r"^(dtype = jnp\.)(float32)()(?=\s*$)"), _to("int32")),
    # ? f16.
    ("ops_dtypes.fh15_cmp_f16", C(r"^(dtype = jnp\.)(float32)()(?=\s*$)"), _to("float16")),
    # (a bool value stored into an f32 output) the cast dropped.
    ("ref_store.fh15_cmp_no_astype", C(r"(op\(dtype\(42\), dtype\(24\)\))(\.astype\(dtype\))()"), _to("")),
    # (a (128,) value stored into a (256,) output).
    ("ref_store.fh15_cmp_shape_128", C(r"(\.astype\(dtype\), )(o_ref\.shape)()"), _to("(128,)")),
    # (expected clean) operator.ne's lax twin.
    ("ops_dtypes.fh15_cmp_op_ne", C(r"^(op = lax\.)(eq)()(?=\s*$)"), _to("ne")),
    # ? a bitwise and of floats.
    ("ops_dtypes.fh15_cmp_op_and", C(r"^(op = lax\.)(eq)()(?=\s*$)"), _to("bitwise_and")),
    # (an f32 value stored into an int32 output).
    ("ref_store.fh15_cmp_out_int", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[256\], )(dtype)(\))"), _to("jnp.int32")),

    # ============================================================ jax_add_one_grid_pipelined_program_id
    # ? the dimension semantics swapped.
    ("compiler_params.fh15_pid_semantics_swapped", C(r"(dimension_semantics=\[)(\"parallel\", \"sequential\")(\])"),
     _to("\"sequential\", \"parallel\"")),
    # ? one dimension semantic for a 2-D grid.
    ("compiler_params.fh15_semantics_short", C(r"(dimension_semantics=\[)(\"parallel\", \"sequential\")(\])"), _to("\"parallel\"")),
    # pallas/core.py:347 "Axis 2 is out of bounds for grid".
    ("axis_program_id.fh15_pid_axis_2", C(r"(pl\.program_id\()(1)(\), o_ref\.shape)"), _to("2")),
    # (an int32 value stored into an f32 block).
    ("ref_store.fh15_pid_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[16, 64\], jnp\.)(int32)(\))"), _to("float32")),
    # ? 32-row blocks over 16 rows.
    ("blockspec_grid.fh15_pid_block_32", C(r"(out_specs=pl\.BlockSpec\(\()(16)(, 16\), lambda i, j: \(i, j\)\))"), _to("32")),
    # ? max_concurrent_steps 1.
    ("pipeline.fh15_pid_concurrent_1", C(r"(max_concurrent_steps=)(2)(,\n?)$"), _to("1")),

    # ============================================================ jax_add_one_grid_pipelined_sequential_invariant_output
    # (expected clean) the output block moves with j.
    ("blockspec_grid.fh15_seqinv_out_index_j", C(r"(out_specs=pl\.BlockSpec\(\(32, 16\), lambda i, j: )(\(i, 0\))(\))"), _to("(i, j)")),
    # ? both dimensions parallel with an invariant output block.
    ("compiler_params.fh15_semantics_all_parallel", C(r"(dimension_semantics=\[)(\"parallel\", \"sequential\")(\])"),
     _to("\"parallel\", \"parallel\"")),
    # (a (32, 8) value stored into a (32, 16) block) an 8-column input block.
    ("ref_store.fh15_seqinv_in_cols_8", C(r"(in_specs=\[pl\.BlockSpec\(\(32, )(16)(\), lambda i, j: \(i, j\)\)\])"), _to("8")),
    # (an int32 value added into an f32 block).
    ("ref_store.fh15_seqinv_add_int", C(r"(o_ref\[\.\.\.\] = x_ref\[\.\.\.\] \+ )(1\.0)()"), _to("jnp.int32(1)")),
    # pipeline.py:299 "All elements in the grid must be strictly positive".
    ("pipeline.fh15_seqinv_grid_zero", C(r"(grid=)(\(2, 4\))(,)"), _to("(2, 0)")),
    # ? a 64-row output block.
    ("blockspec_grid.fh15_seqinv_out_rows_64", C(r"(out_specs=pl\.BlockSpec\(\()(32)(, 16\), lambda i, j: \(i, 0\)\))"), _to("64")),

    # ============================================================ jax_copy_smem_to_gmem_explicit_commit_group
    # (expected clean) the explicit commit dropped.
    ("copy_tma.fh15_ecg_no_commit_group", C(r"^(\s+)(plgpu\.commit_smem_to_gmem_group\(\))()(?=\s*$)"), _to("pass")),
    # (expected clean) the other parameter: every warp's thread copies.
    ("control_flow.fh15_ecg_all_warps", C(r"^(use_single_warp = )(True)()(?=\s*$)"), _to("False")),
    # (expected clean) a warp id that never matches.
    ("control_flow.fh15_ecg_warp_4", C(r"(pl\.when\(warp_id == )(0)(\))"), _to("4")),
    # (an f32 value stored into an int32 buffer).
    ("ref_store.fh15_ecg_scratch_int", C(r"(scratch_types=\[plgpu\.SMEM\(\(256,\), jnp\.)(float32)(\)\])"), _to("int32")),
    # primitives.py:235 "Expected shapes to match": a 128-element output.
    ("copy_tma.fh15_ecg_out_128", C(r"(out_type=jax\.ShapeDtypeStruct\(\[)(256)(\], jnp\.float32\))"), _to("128")),
    # (a (128,) value stored into a (256,) buffer).
    ("ref_store.fh15_ecg_x_slice", C(r"(scratch_ref\[\.\.\.\] = )(x_ref\[\.\.\.\])( \+ 1)"), _to("x_ref[:128]")),
    # ? the copy issued by every warp (no pl.when).
    ("control_flow.fh15_ecg_no_when", C(r"(plgpu\.warp_map\(lambda warp_id: )(pl\.when\(warp_id == 0\)\(copy_to_gmem\))(\))"),
     _to("copy_to_gmem()")),

    # ============================================================ jax_kernel_scratch_kwargs
    # (expected clean) the other parameter: no vmap.
    ("control_flow.fh15_kwargs_no_vmap", C(r"^(vmap = )(True)()(?=\s*$)"), _to("False")),
    # (a TypeError while tracing: an unexpected keyword) the scratch named 'smem'.
    ("kernel_args.fh15_kwargs_name_typo", C(r"^(\s+)(smem_ref)(=plgpu\.SMEM)"), _to("smem")),
    # primitives.py:896 (TMA destination shape) a 64-element buffer.
    ("copy_tma.fh15_kwargs_smem_64", C(r"(smem_ref=plgpu\.SMEM\(\()(128)(,\), jnp\.float32\))"), _to("64")),
    # primitives.py:862 "Expected dtypes to match": an f16 buffer.
    ("copy_tma.fh15_kwargs_smem_f16", C(r"(smem_ref=plgpu\.SMEM\(\(128,\), jnp\.)(float32)(\))"), _to("float16")),
    # core.py:1721 "Num arrivals must be at least 1".
    ("barrier.fh15_kwargs_arrivals_0", C(r"(barrier_ref=plgpu\.Barrier\()()(\))"), lambda m: f"{m.group(1)}num_arrivals=0{m.group(3)}"),
    # primitives.py:235 "Expected shapes to match": a 256-element output.
    ("copy_tma.fh15_kwargs_out_256", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(128)(,\), jnp\.float32\))"), _to("256")),
    # ? vmap over the minor axis: 128 kernels of 2 elements.
    ("kernel_args.fh15_kwargs_vmap_axis", C(r"(kernel = jax\.vmap\(kernel)()(\))"), lambda m: f"{m.group(1)}, in_axes=1{m.group(3)}"),

    # ============================================================ jax_gmem_to_smem_with_multiple_smem_indexers
    # primitives.py:896 (TMA destination shape) a (2, 32, 64) scratch.
    ("copy_tma.fh15_indexers_scratch_rows", C(r"(plgpu\.SMEM\()(x\.shape)(, jnp\.float32\))"), _to("(2, 32, 64)")),
    # (a (16, 64) value stored into 32 rows).
    ("ref_store.fh15_indexers_half_rows", C(r"(o_ref\[pl\.ds\(32, 32\), :\] = x_sliced\[pl\.ds\()(32, 32)(\), :\])"), _to("32, 16")),
    # ? a static index past the two slices.
    ("ref_store.fh15_indexers_slice_2", C(r"(x_sliced = scratch_ref\.at\[)(0)(, :, :\])"), _to("2")),
    # (expected clean) the second slice.
    ("ref_store.fh15_indexers_slice_1", C(r"(x_sliced = scratch_ref\.at\[)(0)(, :, :\])"), _to("1")),
    # ? the input staged in SMEM (a TMA load from SMEM).
    ("copy_tma.fh15_indexers_in_smem", C(r"(in_specs=\(pl\.BlockSpec\(memory_space=plgpu\.)(GMEM)(\),\))"), _to("SMEM")),
    # (an f32 value stored into an f16 output block).
    ("ref_store.fh15_indexers_out_f16", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[64, 64\], jnp\.)(float32)(\))"), _to("float16")),
    # primitives.py:862 "Expected dtypes to match": an f16 input.
    ("copy_tma.fh15_indexers_x_f16", C(r"(x = jax\.random\.uniform\(jax\.random\.key\(0\), \(2, 64, 64\), dtype=jnp\.)(float32)(\))"),
     _to("float16")),

    # ============================================================ jax_indexing_before_transpose
    # primitives.py:896 (TMA destination shape) the identity permutation.
    ("copy_tma.fh15_ibt_perm_identity", C(r"(plgpu\.transpose_ref\(o_ref\.at\[i\], )(\(1, 0, 2\))(\))"), _to("(0, 1, 2)")),
    # ? a transposition of the minor dimension.
    ("copy_tma.fh15_ibt_perm_minor", C(r"(plgpu\.transpose_ref\(o_ref\.at\[i\], )(\(1, 0, 2\))(\))"), _to("(0, 2, 1)")),
    # ? a 3-D permutation of the 4-D block (the index dropped).
    ("copy_tma.fh15_ibt_no_index", C(r"(plgpu\.transpose_ref\()(o_ref\.at\[i\])(, \(1, 0, 2\)\))"), _to("o_ref")),
    # ? three slices of a two-slice block.
    ("copy_tma.fh15_ibt_range_3", C(r"(for i in range\()(2)(\):)"), _to("3")),
    # ? the output left in GMEM (a TMA load into GMEM).
    ("copy_tma.fh15_ibt_out_gmem", C(r"(out_spec = plgpu\.BlockSpec\(memory_space=plgpu\.)(SMEM)(\))"), _to("GMEM")),
    # primitives.py:896 (TMA destination shape) 16 rows per slice.
    ("copy_tma.fh15_ibt_out_rows", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[2, )(32)(, 2, 128\], jnp\.float32\))"), _to("16")),
    # (the kernel takes a barrier that is not allocated) no scratch.
    ("kernel_args.fh15_ibt_no_barrier", C(r"(scratch_shapes=)(\[plgpu\.Barrier\(\)\])(,)"), _to("[]")),

    # ============================================================ jax_get_swap_with_transforms
    # ? 64-element int32 tiles (256 bytes) under a 128-byte swizzle.
    ("swizzle_tiling.fh15_getswap_tile_64", C(r"(plgpu\.TilingTransform\(\(1, )(32)(\)\))"), _to("64")),
    # ? a 64-byte swizzle over 32-element (128-byte) tiles.
    ("swizzle_tiling.fh15_getswap_swizzle_64", C(r"(plgpu\.SwizzleTransform\()(128)(\)\))"), _to("64")),
    # (expected clean) 8-row tiles (another of the test's parameters).
    ("swizzle_tiling.fh15_getswap_tile_rows_8", C(r"(plgpu\.TilingTransform\(\()(1)(, 32\)\))"), _to("8")),
    # (an f32 value stored into an int32 buffer).
    ("ref_store.fh15_getswap_store_f32", C(r"(scratch_ref\[\.\.\.\] = )(scratch_ref\[\.\.\.\] \* 2)()"), _to("scratch_ref[...] * 2.5")),
    # primitives.py:235 "Expected shapes to match": a 64-row output.
    ("copy_tma.fh15_getswap_out_rows", C(r"(out_type=jax\.ShapeDtypeStruct\()(shape)(, jnp\.int32\))"), _to("(64, 128)")),
    # primitives.py:862 "Expected dtypes to match": an f32 buffer.
    ("copy_tma.fh15_getswap_smem_f32", C(r"(plgpu\.SMEM\(shape, jnp\.)(int32)(, transforms)"), _to("float32")),

    # ============================================================ jax_run_scoped_in_cond
    # ? an int predicate (no comparison).
    ("control_flow.fh15_cond_pred_int", C(r"(jax\.lax\.cond\()(x_ref_gmem\[0\] % 2 == 0)(, branch, branch\))"), _to("x_ref_gmem[0] % 2")),
    # primitives.py:862 "Expected dtypes to match": an f32 output block.
    ("copy_tma.fh15_cond_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[256\], jnp\.)(int32)(\))"), _to("float32")),
    # ? the output left in GMEM (a TMA load into GMEM).
    ("copy_tma.fh15_cond_out_gmem", C(r"(out_specs=pl\.BlockSpec\(memory_space=plgpu\.)(SMEM)(\))"), _to("GMEM")),
    # (a TypeError while tracing) cond without its false branch.
    ("control_flow.fh15_cond_one_branch", C(r"(jax\.lax\.cond\(x_ref_gmem\[0\] % 2 == 0, branch)(, branch)(\))"), _to("")),
    # core.py:1721 "Num arrivals must be at least 1".
    ("barrier.fh15_cond_arrivals_0", C(r"(pl\.run_scoped\(scoped_kernel, plgpu\.Barrier\()()(\)\))"),
     lambda m: f"{m.group(1)}num_arrivals=0{m.group(3)}"),
    # (too many indices for a 1-D ref).
    ("control_flow.fh15_cond_index_2d", C(r"(x_ref_gmem\[)(0)(\] % 2)"), _to("0, 0")),

    # ============================================================ jax_program_id_in_block_spec
    # pallas/core.py:347 "Axis 1 is out of bounds for grid".
    ("axis_program_id.fh15_pidbs_axis_1", C(r"(in_specs=\(pl\.BlockSpec\(\(2, 128\), lambda i: \(pl\.program_id\()(0)(\), i\)\),\),)"), _to("1")),
    # ? 4-row blocks over 2 rows.
    ("blockspec_grid.fh15_pidbs_rows_4", C(r"(in_specs=\(pl\.BlockSpec\(\()(2)(, 128\))"), _to("4")),
    # (an int32 value stored into an f32 block).
    ("ref_store.fh15_pidbs_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[2, 128\], jnp\.)(int32)(\))"), _to("float32")),
    # ? a grid of 3 over one column block of 128.
    ("blockspec_grid.fh15_pidbs_grid_3", C(r"^(\s+grid=)(2)(,)"), _to("3")),
    # pallas/core.py:680 (index map result rank) a 1-tuple.
    ("blockspec_grid.fh15_pidbs_index_rank", C(r"(out_specs=pl\.BlockSpec\(\(2, 128\), lambda i: )(\(pl\.program_id\(0\), i\))(\))"), _to("(i,)")),
    # ? a row of the block stored into the whole block.
    ("ref_store.fh15_pidbs_store_row", C(r"^(\s+o_ref\[\.\.\.\] = )(x_ref\[\.\.\.\])()(?=\s*$)"), _to("x_ref[0]")),

    # ============================================================ jax_emit_with_parallel_grid
    # (an unbound axis name) axis_index("y").
    ("axis_unknown.fh15_epg_axis", C(r"(pid = lax\.axis_index\(\")(x)(\"\))"), _to("y")),
    # pipeline.py:299 "All elements in the grid must be strictly positive".
    ("pipeline.fh15_epg_steps_0", C(r"^(num_steps2 = )(5)()(?=\s*$)"), _to("0")),
    # (a (32, 32) value stored into a (32, 16) block) a 32-column input block.
    ("ref_store.fh15_epg_in_cols_32", C(r"(in_specs=\[pl\.BlockSpec\(\(32, )(16)(\), lambda i: \(pid, i\)\)\])"), _to("32")),
    # ? one CTA more than row blocks.
    ("blockspec_grid.fh15_epg_grid_5", C(r"^(\s+grid=\()(num_steps1)(,\),)"), _to("num_steps1 + 1")),
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh15_epg_grid_names", C(r"(grid_names=\()(\"x\")(,\),)"), _to("\"x\", \"y\"")),
    # (an int32 value added into an f32 block).
    ("ref_store.fh15_epg_add_int", C(r"(o_smem\[\.\.\.\] = x_smem\[\.\.\.\] \+ )(1\.0)()"), _to("jnp.int32(1)")),
    # ? the index map transposed.
    ("blockspec_grid.fh15_epg_index_swap", C(r"(out_specs=\[pl\.BlockSpec\(\(32, 16\), lambda i: )(\(pid, i\))(\)\])"), _to("(i, pid)")),

    # ============================================================ jax_different_delay_release
    # pipeline.py:316 "max_concurrent_steps must be greater than all delay_release values": depth 2.
    ("pipeline.fh15_ddr_concurrent_2", C(r"(max_concurrent_steps=)(4)(,)"), _to("2")),
    # ? five inputs for a three-input body.
    ("pipeline.fh15_ddr_range_5", C(r"(for delay in range\()(3)(\))"), _to("5")),
    # pipeline.py:316 (delay_release 4 at depth 4).
    ("pipeline.fh15_ddr_delay_4", C(r"(delay_release=)(delay)(,)"), _to("4")),
    # pipeline.py (in specs and refs of different structure) two specs for three inputs.
    ("kernel_args.fh15_ddr_range_2", C(r"(for delay in range\()(3)(\))"), _to("2")),
    # ? 48-row blocks (the grid floors).
    ("blockspec_grid.fh15_ddr_blk_m_48", C(r"^(blk_m, blk_n = )(32)(, 32)"), _to("48")),
    # (an f32 value stored into an f16 output block).
    ("ref_store.fh15_ddr_out_f16", C(r"(out_type=jax\.ShapeDtypeStruct\(\(m, n\), jnp\.)(float32)(\))"), _to("float16")),
    # pallas/core.py:680 (index map result rank) a 1-tuple.
    ("blockspec_grid.fh15_ddr_index_rank", C(r"(index_map=lambda i, j: )(\(i, j\))(,)"), _to("(i,)")),

    # ============================================================ jax_multiple_wg_with_squashed_grid
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh15_squash_grid_names_3", C(r"(grid_names=\(\"b\", \"x\", \"y\")(, \"z\")(\),)"), _to("")),
    # (an unbound axis name) "w" in the five-axis index.
    ("axis_unknown.fh15_squash_axis_w", C(r"(bxyzw_idx = jax\.lax\.axis_index\(\(\"b\", \"x\", \"y\", \"z\", \")(wg)(\"\)\))"), _to("w")),
    # (expected clean) three warpgroups (the output grows with them).
    ("kernel_mesh_config.fh15_squash_threads_3", C(r"^(num_threads = )(2)()(?=\s*$)"), _to("3")),
    # ? zero warpgroups.
    ("kernel_mesh_config.fh15_squash_threads_0", C(r"^(num_threads = )(2)()(?=\s*$)"), _to("0")),
    # (a (64,) value stored into a 128-element row).
    ("ref_store.fh15_squash_row_64", C(r"^(\s+bxyzw_idx, )(\(128,\))()"), _to("(64,)")),
    # (an int32 value stored into an f32 output).
    ("ref_store.fh15_squash_out_f32", C(r"^(\s+\(b, x_dim, y_dim, z_dim, num_threads, 128\), np\.)(int32)()"), _to("float32")),
    # (duplicate axis names) the thread named "x".
    ("kernel_mesh_config.fh15_squash_thread_name_x", C(r"(thread_name=\")(wg)(\",)"), _to("x")),

    # ============================================================ jax_multimem_store_scalar
    # primitives.py:5749 (collective_axes must cover the mesh axes) 'y'.
    ("shard_map_axis_names_subset.fh15_mmscalar_axis_y", C(r"(y_ref\.at\[0\], ')(x)('\))"), _to("y")),
    # primitives.py:5733 "Value dtype ... does not match ref dtype".
    ("ref_store.fh15_mmscalar_f32", C(r"(plgpu\.multimem_store\(jnp\.)(int32)(\(1\))"), _to("float32")),
    # primitives.py:5735 "Value shape ... does not match ref shape": the whole (1,) ref.
    ("ref_store.fh15_mmscalar_whole_ref", C(r"(plgpu\.multimem_store\(jnp\.int32\(1\), )(y_ref\.at\[0\])(, 'x'\))"), _to("y_ref")),
    # (expected clean) a two-element output.
    ("ref_store.fh15_mmscalar_out_2", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(1)(,\), jnp\.int32\))"), _to("2")),
    # (expected clean?) each device signals itself.
    ("kernel_mesh_config.fh15_mmscalar_peer_self", C(r"(other_dev_id = )(1 - lax\.axis_index\('x'\))()"), _to("lax.axis_index('x')")),
    # ? a (1,) vector stored into a scalar ref.
    ("ref_store.fh15_mmscalar_vector", C(r"(plgpu\.multimem_store\()(jnp\.int32\(1\))(, y_ref)"), _to("jnp.ones((1,), jnp.int32)")),

    # ============================================================ jax_remote_dma_dynamic_index
    # ? an f32 device id.
    ("kernel_mesh_config.fh15_rdma_dev_f32", C(r"(other_dev_id = jnp\.sum\(x_ref\[\.\.\.\] == 1, dtype=jnp\.)(int32)(\))"), _to("float32")),
    # (a (1, 128) value stored into a (2, 128) output) two output rows.
    ("ref_store.fh15_rdma_out_rows_2", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(1)(, 128\), jnp\.int32\))"), _to("2")),
    # (an f32 value stored through the remote ref into int32).
    ("ref_store.fh15_rdma_remote_f32", C(r"(neighbor_ptr\[\.\.\.\] = )(x_ref\[\.\.\.\])()"), _to("x_ref[...].astype(jnp.float32)")),
    # (one semaphore for a kernel taking two: a TypeError while tracing).
    ("kernel_args.fh15_rdma_one_sem", C(r"^(\s+)(plgpu\.SemaphoreType\.REGULAR,)()(?=\s*$)"), _to("")),
    # ? a static peer id 2 on a two-device mesh.
    ("kernel_mesh_config.fh15_rdma_peer_2", C(r"(plgpu\.remote_ref\(y_ref, )(other_dev_id)(\))"), _to("2")),
    # (a (2, 128) value stored into a (1, 128) output) the input unsharded.
    ("ref_store.fh15_rdma_in_unsharded", C(r"(in_specs=)(P\('x'\))(, out_specs)"), _to("P(None)")),
    # (an f32 value stored into an int32 output) the input f32.
    ("ref_store.fh15_rdma_x_f32", C(r"(x = jnp\.zeros\(\(2, 128\), dtype=jnp\.)(int32)(\))"), _to("float32")),

    # ============================================================ generic
    # primitives.py:2012 "n must be a non-negative integer".
    ("copy_tma.fh15_wait_store_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh15_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\([a-z_0-9]+(?:\.at\[[a-z0-9]+\])?\))()(?=\s*$)"), _to("pass")),
    # (expected clean?) the SMEM fence before a TMA store removed.
    ("copy_tma.fh15_commit_smem_dropped", C(r"^(\s+)(plgpu\.commit_smem\(\))()(?=\s*$)"), _to("pass")),
    # ? Warpgroup semantics for a Lane kernel.
    ("compiler_params.fh15_semantics_warpgroup", C(r"(plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # primitives.py:3544 "n must be a positive multiple of 8": memory_registers 44.
    ("pipeline.fh15_memory_registers_44", C(r"(memory_registers=)(40)(,)"), _to("44")),
    # ? a 32-byte swizzle where 128 was computed for the tiles.
    ("swizzle_tiling.fh15_swizzle_128_to_32", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("32")),
    # pipeline.py (max_concurrent_steps must be positive) 0.
    ("pipeline.fh15_concurrent_steps_0", C(r"(max_concurrent_steps=)(2)(,)"), _to("0")),
    # pallas/core.py:680 (index map result rank) a 1-tuple for a 2-D block.
    ("blockspec_grid.fh15_index_rank_2d", C(r"(lambda i, j: )(\(i, j\))(\))"), _to("(i,)")),
    # pallas/core.py:680 (index map result rank) a 1-tuple for a 2-D block of a 1-D grid.
    ("blockspec_grid.fh15_index_rank_1d", C(r"(lambda i: )(\(i, 0\))(\))"), _to("(i,)")),
    # pipeline.py (in specs and refs of different structure) one spec for two inputs.
    ("kernel_args.fh15_one_in_spec", C(r"(in_specs=)(\[spec, spec\])(,)"), _to("[spec]")),
    # primitives.py:896 (TMA source shape) the whole input copied into a block buffer.
    ("copy_tma.fh15_load_block_unsliced", C(r"(plgpu\.copy_gmem_to_smem\()(x_gmem\.at\[rows(?:, cols)?\])(, smem, bar\))"), _to("x_gmem")),
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs".
    ("copy_tma.fh15_load_without_barrier", C(r"(plgpu\.copy_gmem_to_smem\((?:x_gmem|x_ref|a_gmem), (?:smem|scratch_ref|a_smem))(, (?:bar|barrier_ref))(\))"),
     _to("")),
)


def famheld15_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
