"""One-edit mutations for the eighteenth held-out families corpus `famheld18`, written blind from JAX's own checks (the
`raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline,helpers}.py, jax/_src/pallas/core.py and
jax/experimental/mosaic/gpu of JAX 0.12.0.1, cited at operators by file:line from /work/shared/jax-raise-sites/sites.tsv
where one site is meant, or by their message; /work/shared/jax-facts.md for the measured collective facts) and from the
Python the bases use (what numpy's argsort(order=...) of a structured array / flip / ptp / convolve / roots /
linalg.matrix_rank / linalg.det / result_type / datetime64 arithmetic, urllib.parse.urlparse, email.parser,
math.fmod, statistics.pstdev, Decimal.to_integral_value / scaleb, heapq.heapreplace, functools.lru_cache's
cache_info(), deque.extendleft, cls.mro(), a dataclass's __dataclass_fields__, str.isdecimal, set.symmetric_difference
and %-formatting with a mapping do with an edited value). Nothing else: the checker was not read, and the earlier sets'
operators only for their names (every name here carries the prefix `fh18_`).

The user bases (build_famheld18.py) keep what the kernel depends on in Python that no earlier famheld set used, so
most of their operators edit the value where the program keeps it (a record's rank or swizzle, the sort key, a size
pair, row offsets, box filters and the slice of their convolution, quadratic coefficients, a role matrix, a factor
matrix, the promoted dtypes, two time stamps, a URL, a header block, a hop count, sample sizes, a Decimal literal or
its rounding mode or scale, a heap and the value swapped in, a visit list, a deque and what extendleft adds, a class
hierarchy's use, a dataclass's fields, a spec string, role sets, a naming mapping or its format), some so that the
program's own Python raises before any kernel (a ValueError, TypeError, KeyError, IndexError, AttributeError,
NameError, ZeroDivisionError or numpy's LinAlgError / AxisError in the configuration code), others so that the value
flows into a JAX check, and some so that the value changes but stays valid ("(expected clean)"); the rest edit the
kernel or its launch (index maps, block / grid shapes, axis, thread and grid names, collective axes, reduction ops,
layouts, transforms, barriers, semaphores, dtypes, compiler params, the adapted tests' literals). A few generic ones
fit many bases and are capped by --max-per-op. Nothing here decides whether a mutant fails: label.py lowers each one
under real JAX; "(expected clean)" marks operators written expecting none, "?" an expectation I was unsure of. The
comments are the expectations written before labelling.
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ============================================================ argsort_swizzle (np.argsort of a structured array)
    # (expected clean) the 32-byte record ranked first: (8, 16) bf16 tiles.
    ("swizzle_tiling.fh18_argsort_rank_32_first", C(r"(CANDIDATES = np\.array\(\[\(32, )(3)(\))"), _to("0")),
    # lowering / core (swizzle must be 32, 64 or 128) the first-ranked record's swizzle 256.
    ("swizzle_tiling.fh18_argsort_candidate_256", C(r"(\(32, 3\), \()(128)(, 1\))"), _to("256")),
    # (expected clean) sorted by swizzle instead of rank: 32 first.
    ("swizzle_tiling.fh18_argsort_order_swizzle", C(r"(np\.argsort\(CANDIDATES, order=')(rank)(')"), _to("swizzle")),
    # (numpy's ValueError: no field of name rnk, before any launch).
    ("control_flow.fh18_argsort_order_typo", C(r"(np\.argsort\(CANDIDATES, order=')(rank)(')"), _to("rnk")),
    # (expected clean) the last-ranked record: 32.
    ("swizzle_tiling.fh18_argsort_last", C(r"(CANDIDATES\['swizzle'\]\[ORDER\[)(0)(\]\])"), _to("-1")),
    # (numpy's ValueError: no field of name swizzles, before any launch).
    ("control_flow.fh18_argsort_field_typo", C(r"(CANDIDATES\[')(swizzle)('\]\[ORDER)"), _to("swizzles")),
    # (a 16-byte swizzle) a 16-byte record ranked first.
    ("swizzle_tiling.fh18_argsort_rank_16_first", C(r"(\(128, 1\), )(\(64, 2\))(\])"), _to("(16, 0)")),
    # ? 96 columns (one and a half 64-element tiles).
    ("copy_tma.fh18_argsort_cols_96", C(r"^(ROWS, COLS = 64, )(128)()(?=\s*$)"), _to("96")),

    # ============================================================ flip_block (np.flip)
    # (expected clean) the pair not flipped: (128, 32) blocks.
    ("blockspec_grid.fh18_flip_dropped", C(r"(BLOCK = tuple\(int\(v\) for v in )(np\.flip\(SIZES\))(\))"), _to("SIZES")),
    # ? 96-column blocks (five column steps cover 480 of 512).
    ("blockspec_grid.fh18_flip_cols_96", C(r"(SIZES = np\.array\(\[)(128)(, 32\]\))"), _to("96")),
    # (SMEM: (96, 128) f32 blocks, three operands two deep, 288 KiB) 96-row blocks.
    ("blockspec_grid.fh18_flip_rows_96", C(r"(SIZES = np\.array\(\[128, )(32)(\]\))"), _to("96")),
    # pallas/core.py (block rank) a third size: a 3-D block for 2-D refs.
    ("blockspec_grid.fh18_flip_three", C(r"(SIZES = np\.array\(\[128, 32)()(\]\))"), _to(", 8")),
    # launch_context (TMA: 8 bytes along the minor dimension) 2-column blocks.
    ("copy_tma.fh18_flip_cols_2", C(r"(SIZES = np\.array\(\[)(128)(, 32\]\))"), _to("2")),
    # (numpy's AxisError: axis 1 of a 1-D array, before any launch).
    ("control_flow.fh18_flip_axis_1", C(r"(np\.flip\(SIZES)()(\))"), _to(", axis=1")),

    # ============================================================ ptp_block_rows (np.ptp)
    # ? a 512-row span: no blocks and a 512-row TMA box.
    ("copy_tma.fh18_ptp_span_512", C(r"(OFFSETS = np\.array\(\[0, )(64)(, 32\]\))"), _to("512")),
    # (a ZeroDivisionError, before any launch) equal offsets: a span of 0.
    ("control_flow.fh18_ptp_flat", C(r"(OFFSETS = np\.array\(\[)(0, 64, 32)(\]\))"), _to("32, 32, 32")),
    # (expected clean) a 96-row span: two blocks cover 192 of 256 rows.
    ("blockspec_grid.fh18_ptp_span_96", C(r"(OFFSETS = np\.array\(\[0, )(64)(, 32\]\))"), _to("96")),
    # (expected clean) the maximum: the same 64.
    ("blockspec_grid.fh18_ptp_max", C(r"(BLOCK_ROWS = int\(np\.)(ptp)(\(OFFSETS\)\))"), _to("max")),
    # (expected clean) the mean: 32-row blocks.
    ("blockspec_grid.fh18_ptp_mean", C(r"(BLOCK_ROWS = int\(np\.)(ptp)(\(OFFSETS\)\))"), _to("mean")),
    # (an unbound axis name) axis_index('blk') on a grid named 'b'.
    ("axis_unknown.fh18_ptp_axis", C(r"(lax\.axis_index\(')(b)('\))"), _to("blk")),
    # core.py "grid_names must have the same length as grid": two names.
    ("kernel_mesh_config.fh18_ptp_grid_names", C(r"(grid_names=\()('b',)(\))"), _to("'b', 'c'")),

    # ============================================================ convolve_grid (np.convolve)
    # core.py "grid_names must have the same length as grid": all three entries of the convolution.
    ("kernel_mesh_config.fh18_convolve_full", C(r"(np\.convolve\(\[1, 1\], \[1, 1\]\))(\[1:\])()"), _to("")),
    # ? a (3, 2) grid of (85, 64) blocks: [1, 1] convolved with [1, 2].
    ("blockspec_grid.fh18_convolve_kernel_12", C(r"(np\.convolve\(\[1, 1\], \[)(1, 1)(\]\))"), _to("1, 2")),
    # core.py "grid_names must have the same length as grid": mode 'same' leaves one entry.
    ("kernel_mesh_config.fh18_convolve_same", C(r"(np\.convolve\(\[1, 1\], \[1, 1\])()(\))"), _to(", 'same'")),
    # (an IndexError: mode 'valid' leaves an empty grid, before any launch).
    ("control_flow.fh18_convolve_valid", C(r"(np\.convolve\(\[1, 1\], \[1, 1\])()(\))"), _to(", 'valid'")),
    # (expected clean) the first two entries: a (1, 2) grid of (256, 64) blocks.
    ("blockspec_grid.fh18_convolve_slice_end", C(r"(np\.convolve\(\[1, 1\], \[1, 1\]\)\[)(1:)(\])"), _to(":2")),
    # ? a duplicated grid name.
    ("kernel_mesh_config.fh18_convolve_names_dup", C(r"(GRID_NAMES = \()('i', 'j')(\))"), _to("'i', 'i'")),
    # (an unbound axis name) axis_index('n').
    ("axis_unknown.fh18_convolve_axis", C(r"(cols = pl\.ds\(lax\.axis_index\(')(j)('\))"), _to("n")),

    # ============================================================ roots_blocks (np.roots)
    # (a TypeError: round of a complex root, before any launch) x ** 2 - 64 x + 2048 has complex roots.
    ("control_flow.fh18_roots_complex", C(r"(COEFFS = \[1, )(-96)(, 2048\])"), _to("-64")),
    # (a TypeError, before any launch) a double root at 48 that np.roots returns with a tiny imaginary part.
    ("control_flow.fh18_roots_double", C(r"(COEFFS = \[1, -96, )(2048)(\])"), _to("2304")),
    # (expected clean) roots 128 and 32: (128, 32) blocks.
    ("blockspec_grid.fh18_roots_128", C(r"(COEFFS = \[1, )(-96, 2048)(\])"), _to("-160, 4096")),
    # launch_context (TMA: 8 bytes along the minor dimension) roots 64 and 2.
    ("copy_tma.fh18_roots_cols_2", C(r"(COEFFS = \[1, )(-96, 2048)(\])"), _to("-66, 128")),
    # ? roots 160 and 32: one 160-row block step over 256 rows.
    ("blockspec_grid.fh18_roots_rows_160", C(r"(COEFFS = \[1, )(-96, 2048)(\])"), _to("-192, 5120")),
    # (an IndexError: a linear polynomial has one root, before any launch).
    ("control_flow.fh18_roots_linear", C(r"(COEFFS = \[)(1, )(-96, 2048\])"), _to("")),
    # (expected clean) the coefficients doubled: the same roots.
    ("blockspec_grid.fh18_roots_scaled", C(r"(COEFFS = \[)(1, -96, 2048)(\])"), _to("2, -192, 4096")),

    # ============================================================ matrix_rank_wgs (np.linalg.matrix_rank)
    # (expected clean?) a rank-1 role matrix: one compute warpgroup over whole blocks.
    ("kernel_mesh_config.fh18_rank_one", C(r"(ROLES = np\.array\(\[\[1, 0\], )(\[0, 1\], \[1, 1\])(\]\))"), _to("[2, 0], [3, 0]")),
    # (a ZeroDivisionError: rank 0, before any launch).
    ("control_flow.fh18_rank_zero", C(r"(ROLES = np\.array\()(\[\[1, 0\], \[0, 1\], \[1, 1\]\])(\))"), _to("[[0, 0], [0, 0], [0, 0]]")),
    # ? rank 3: three compute warpgroups of 21 rows each.
    ("kernel_mesh_config.fh18_rank_three", C(r"(ROLES = np\.array\()(\[\[1, 0\], \[0, 1\], \[1, 1\]\])(\))"), _to("[[1, 0, 0], [0, 1, 0], [0, 0, 1]]")),
    # ? no thread for the memory warpgroup.
    ("kernel_mesh_config.fh18_rank_threads_same", C(r"(num_threads=COMPUTE_WGS)( \+ 1)(,)"), _to("")),
    # (an unbound axis name) wg_axis 'w' while the kernel reads 'wg'.
    ("axis_unknown.fh18_rank_wg_axis", C(r"(wg_axis=')(wg)(')"), _to("w")),
    # ? 32-row blocks: 16 rows per compute warpgroup.
    ("blockspec_grid.fh18_rank_blk_m_32", C(r"^(BLK_M, BLK_N = )(64)(, 64)(?=\s*$)"), _to("32")),
    # (expected clean: arrivals are not checked) one arrival short.
    ("barrier.fh18_rank_arrivals", C(r"(plgpu\.Barrier\(num_arrivals=COMPUTE_WGS)( \+ 1)(\))"), _to("")),

    # ============================================================ det_registers (np.linalg.det)
    # primitives.py:3544 "n must be a positive multiple of 8": int() truncates 231.99999999999997 to 231.
    ("kernel_mesh_config.fh18_det_int_truncates", C(r"^(HIGH = )(int\(round\(np\.linalg\.det\(FACTORS\)\)\))()"),
     _to("int(np.linalg.det(FACTORS))")),
    # (expected clean) a factor of 30: 240 registers.
    ("kernel_mesh_config.fh18_det_factor_30", C(r"(FACTORS = np\.array\(\[\[)(29)(, 0\], \[0, 8\]\]\))"), _to("30")),
    # ? a factor of 33: 264 registers (more than a thread may hold).
    ("kernel_mesh_config.fh18_det_factor_33", C(r"(FACTORS = np\.array\(\[\[)(29)(, 0\], \[0, 8\]\]\))"), _to("33")),
    # (expected clean) a lower off-diagonal entry: the determinant is still 232.
    ("kernel_mesh_config.fh18_det_offdiag", C(r"(FACTORS = np\.array\(\[\[29, 0\], \[)(0)(, 8\]\]\))"), _to("1")),
    # primitives.py:3544 (a positive multiple of 8) a negative factor: -232.
    ("kernel_mesh_config.fh18_det_negative", C(r"(FACTORS = np\.array\(\[\[29, 0\], \[0, )(8)(\]\]\))"), _to("-8")),
    # primitives.py:3544 (a multiple of 8) LOW 44.
    ("kernel_mesh_config.fh18_det_low_44", C(r"^(LOW = )(40)()(?=\s*$)"), _to("44")),
    # (numpy's LinAlgError: det of a 1-D array, before any launch).
    ("control_flow.fh18_det_vector", C(r"(FACTORS = np\.array\()(\[\[29, 0\], \[0, 8\]\])(\))"), _to("[29, 8]")),

    # ============================================================ result_type_wgmma (np.result_type)
    # ? f16 with int16 promotes to f32: a tf32 WGMMA with (8, 32) tiles.
    ("wgmma_mma.fh18_result_int16", C(r"(np\.result_type\(np\.float16, np\.)(int8)(\))"), _to("int16")),
    # (an f64 operand) f16 with int32 promotes to f64.
    ("ops_dtypes.fh18_result_int32", C(r"(np\.result_type\(np\.float16, np\.)(int8)(\))"), _to("int32")),
    # (expected clean) uint8 also promotes to f16.
    ("ops_dtypes.fh18_result_uint8", C(r"(np\.result_type\(np\.float16, np\.)(int8)(\))"), _to("uint8")),
    # (an int8 WGMMA into an f32 accumulator) both dtypes int8.
    ("wgmma_mma.fh18_result_both_int8", C(r"(np\.result_type\(np\.)(float16)(, np\.int8\))"), _to("int8")),
    # (an int8 WGMMA) bool with int8 promotes to int8.
    ("ops_dtypes.fh18_result_bool", C(r"(np\.result_type\(np\.)(float16)(, np\.int8\))"), _to("bool_")),
    # ? K of 32: 64-byte rows under a 128-byte swizzle.
    ("wgmma_mma.fh18_result_k_32", C(r"^(M, K, N = 64, )(64)(, 128)"), _to("32")),
    # primitives.py (incompatible shapes) an (M, K) accumulator.
    ("wgmma_mma.fh18_result_acc_shape", C(r"(plgpu\.ACC\(\(M, )(N)(\), jnp\.float32\))"), _to("K")),

    # ============================================================ datetime_steps (np.datetime64 arithmetic)
    # (a ValueError: a negative dimension for the inputs, before any launch) the stamps subtracted the other way.
    ("control_flow.fh18_datetime_reversed", C(r"(STEPS = int\(\()(STOP - START)(\)\.astype\(int\)\))"), _to("START - STOP")),
    # (expected clean) a stop stamp with minutes: the difference counts 990 minutes.
    ("pipeline.fh18_datetime_minutes", C(r"(STOP = np\.datetime64\('2024-01-01T)(16)('\))"), _to("16:30")),
    # ? equal stamps: no steps and empty arrays.
    ("pipeline.fh18_datetime_same", C(r"(STOP = np\.datetime64\('2024-01-01T)(16)('\))"), _to("00")),
    # (expected clean) the next day: 40 steps.
    ("pipeline.fh18_datetime_next_day", C(r"(STOP = np\.datetime64\(')(2024-01-01)(T16'\))"), _to("2024-01-02")),
    # (expected clean) a day-unit start: the difference is still in hours.
    ("pipeline.fh18_datetime_day_unit", C(r"(START = np\.datetime64\(')(2024-01-01T00)('\))"), _to("2024-01-01")),
    # (an AttributeError, before any launch) a misspelt method.
    ("control_flow.fh18_datetime_typo", C(r"(\(STOP - START\)\.)(astype)(\(int\))"), _to("as_type")),

    # ============================================================ urlparse_signal (urllib.parse.urlparse)
    # (expected clean) port 4: a four-device mesh, four signals awaited.
    ("kernel_mesh_config.fh18_url_port_4", C(r"(URL = 'mgpu://peers:)(2)(/barrier')"), _to("4")),
    # (a TypeError: a None device count for the mesh, before any launch) no port.
    ("control_flow.fh18_url_no_port", C(r"(URL = 'mgpu://peers)(:2)(/barrier')"), _to("")),
    # (a ValueError: a port that is not a number, before any launch).
    ("control_flow.fh18_url_port_word", C(r"(URL = 'mgpu://peers:)(2)(/barrier')"), _to("two")),
    # (expected clean) an upper-case host: hostname lower-cases it for mesh and kernel alike.
    ("axis_unknown.fh18_url_upper_host", C(r"(URL = 'mgpu://)(peers)(:2/barrier')"), _to("Peers")),
    # (expected clean) the netloc 'peers:2' as the axis name of mesh and kernel alike.
    ("kernel_mesh_config.fh18_url_netloc", C(r"^(AXIS = PARTS\.)(hostname)()"), _to("netloc")),
    # primitives.py:6010 "collective_axes (...) must equal entire mesh axes": the scheme as the axis.
    ("shard_map_axis_names_subset.fh18_url_scheme_axis", C(r"(plgpu\.semaphore_signal_multicast\(sem, collective_axes=)(AXIS)(\))"),
     _to("PARTS.scheme")),
    # primitives.py:6010 (must equal the mesh axes) the host's letters as a tuple.
    ("shard_map_axis_names_subset.fh18_url_letters", C(r"(plgpu\.semaphore_signal_multicast\(sem, collective_axes=)(AXIS)(\))"),
     _to("tuple(AXIS)")),

    # ============================================================ email_headers_allreduce (email.parser)
    # (jax-facts.md: "Only add is supported for f32") Reduction: max.
    ("reduction_dtype.fh18_email_max", C(r"(Reduction: )(add)(\\n)"), _to("max")),
    # (jax-facts.md: "Only 32-, 64- and 128-bit loads") Vector: 8.
    ("layout_unsupported.fh18_email_vec_8", C(r"(Vector: )(4)(\\n)"), _to("8")),
    # (a TypeError: int(None) for a missing header, before any launch).
    ("control_flow.fh18_email_key_typo", C(r"(VEC = int\(MESSAGE\[')(Vector)('\]\))"), _to("Vec")),
    # (jax-facts.md: unknown names, case matters) Reduction: Add.
    ("reduction_dtype.fh18_email_add_capital", C(r"(Reduction: )(add)(\\n)"), _to("Add")),
    # (expected clean) header names are case-insensitive.
    ("axis_unknown.fh18_email_key_case", C(r"(AXIS = MESSAGE\[')(Axis)('\])"), _to("axis")),
    # primitives.py:5810 (a string is a set of letters: jax-facts.md) collective_axes=AXIS with AXIS 'data'.
    ("shard_map_axis_names_subset.fh18_email_axis_str", C(r"(collective_axes=)(\(AXIS,\))(, reduction_op)"), _to("AXIS")),
    # (a TypeError, before any launch) a leading blank line: every header becomes body.
    ("control_flow.fh18_email_body_first", C(r"(HEADERS = ')(Axis: data)(\\n)"), _to(r"\nAxis: data")),
    # (jax-facts.md: Lane only) the layout_cast dropped.
    ("layout_missing.fh18_email_no_cast",
     C(r"^(\s+)(total = plgpu\.layout_cast\(total, plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\)\))()"), _to("pass")),

    # ============================================================ fmod_remote_copy (math.fmod)
    # ? a float offset: the peer index traced as f32.
    ("kernel_mesh_config.fh18_fmod_float_peer", C(r"^(OFFSET = )(int\(math\.fmod\(HOPS, DEVICES\)\))()"), _to("math.fmod(HOPS, DEVICES)")),
    # (expected clean) 4 hops: an offset of 0, each device copies to itself.
    ("kernel_mesh_config.fh18_fmod_hops_4", C(r"^(HOPS = )(-3)()(?=\s*$)"), _to("4")),
    # (a ValueError: math.fmod by zero, before any launch).
    ("control_flow.fh18_fmod_hops_by_zero", C(r"(OFFSET = int\(math\.fmod\(HOPS, )(DEVICES)(\)\))"), _to("0")),
    # (a (8, 128) value stored into a (4, 128) SMEM ref) half the rows staged.
    ("ref_store.fh18_fmod_smem_rows", C(r"(scratch_types=\[plgpu\.SMEM\(\()(ROWS)(, COLS\), jnp\.float32\)\])"), _to("ROWS // 2")),
    # (an unbound axis name) axis_index('x').
    ("axis_unknown.fh18_fmod_axis_literal", C(r"(peer = \(lax\.axis_index\()(AXIS)(\) \+ OFFSET\))"), _to("'x'")),
    # (an f32 value stored into an f16 SMEM ref).
    ("ops_dtypes.fh18_fmod_smem_f16", C(r"(plgpu\.SMEM\(\(ROWS, COLS\), jnp\.)(float32)(\)\])"), _to("float16")),
    # (expected clean) math.remainder instead: -1 as well.
    ("kernel_mesh_config.fh18_fmod_remainder", C(r"(OFFSET = int\(math\.)(fmod)(\(HOPS, DEVICES\)\))"), _to("remainder")),

    # ============================================================ pstdev_rows (statistics.pstdev)
    # (68-row blocks: not a multiple of the 8-row tile, nor 64 rows of the swizzled layout).
    ("swizzle_tiling.fh18_pstdev_rows_68", C(r"(SAMPLES = \[32, )(160)(\])"), _to("168")),
    # ? 32-row blocks (the 64-row register tiling of a 128-byte swizzle).
    ("swizzle_tiling.fh18_pstdev_rows_32", C(r"(SAMPLES = \[32, )(160)(\])"), _to("96")),
    # (a ZeroDivisionError: pstdev of one sample is 0, before any launch).
    ("control_flow.fh18_pstdev_single", C(r"(SAMPLES = \[)(32, 160)(\])"), _to("32")),
    # (90-row blocks) the sample standard deviation.
    ("swizzle_tiling.fh18_pstdev_sample", C(r"(int\(statistics\.)(pstdev)(\(SAMPLES\)\))"), _to("stdev")),
    # (expected clean) 128-row blocks: two CTAs.
    ("blockspec_grid.fh18_pstdev_rows_128", C(r"(SAMPLES = \[)(32, 160)(\])"), _to("0, 256")),
    # lowering.py:1931 (tiling does not fit) 48 columns under 64-element tiles.
    ("swizzle_tiling.fh18_pstdev_cols_48", C(r"^(ROWS, COLS = 256, )(64)()(?=\s*$)"), _to("48")),
    # (an unbound axis name) axis_index('row').
    ("axis_unknown.fh18_pstdev_axis", C(r"(lax\.axis_index\(')(r)('\))"), _to("row")),

    # ============================================================ decimal_block (Decimal)
    # (a NameError: ROUND_HALF_EVEN was never imported, before any launch).
    ("control_flow.fh18_decimal_unimported_rounding", C(r"(rounding=)(ROUND_HALF_UP)(\))"), _to("ROUND_HALF_EVEN")),
    # (expected clean) the context's rounding (half even): 31.5 is still 32.
    ("blockspec_grid.fh18_decimal_default_rounding", C(r"(to_integral_value\()(rounding=ROUND_HALF_UP)(\))"), _to("")),
    # ? 31-row blocks (30.5 rounds half up to 31).
    ("blockspec_grid.fh18_decimal_rows_31", C(r"(Decimal\(')(31\.5)('\)\.to_integral)"), _to("30.5")),
    # ? 1280-column blocks: no column steps and a box past 256.
    ("copy_tma.fh18_decimal_scaleb_3", C(r"(\.scaleb\()(2)(\)\))"), _to("3")),
    # launch_context (TMA: 8 bytes along the minor dimension) 2-column blocks.
    ("copy_tma.fh18_decimal_cols_2", C(r"(Decimal\(')(1\.28)('\)\.scaleb)"), _to("0.02")),
    # ? 12-column blocks (48 bytes).
    ("blockspec_grid.fh18_decimal_scaleb_1", C(r"(\.scaleb\()(2)(\)\))"), _to("1")),
    # (expected clean) a float literal: Decimal(1.28) scaled is 128.000... and int() gives 128.
    ("control_flow.fh18_decimal_float_literal", C(r"(Decimal\()('1\.28')(\)\.scaleb)"), _to("1.28")),
    # (SMEM: (64, 128) f32 blocks, three operands two deep, 192 KiB?) 64-row blocks.
    ("blockspec_grid.fh18_decimal_rows_64", C(r"(Decimal\(')(31\.5)('\)\.to_integral)"), _to("63.5")),

    # ============================================================ heapreplace_depth (heapq.heapreplace)
    # pipeline.py (max_concurrent_steps must be positive?) 0 swapped in: depth 0.
    ("pipeline.fh18_heap_push_0", C(r"(heapq\.heapreplace\(STAGES, )(2)(\))"), _to("0")),
    # (expected clean) 8 swapped in: the head is 3.
    ("pipeline.fh18_heap_push_8", C(r"(heapq\.heapreplace\(STAGES, )(2)(\))"), _to("8")),
    # (expected clean) larger stage counts: 2 is still the head once swapped in.
    ("pipeline.fh18_heap_stages_high", C(r"(STAGES = \[)(1, 3, 5)(\])"), _to("7, 9, 11")),
    # (an IndexError: heapreplace on an empty heap, before any launch).
    ("control_flow.fh18_heap_empty", C(r"(STAGES = \[)(1, 3, 5)(\])"), _to("")),
    # (expected clean) heappushpop: 2 pushed, 1 popped, the head is 2.
    ("pipeline.fh18_heap_pushpop", C(r"(heapq\.)(heapreplace)(\(STAGES, 2\))"), _to("heappushpop")),
    # ? the heap's last entry, 5 stages: 240 KiB of SMEM.
    ("pipeline.fh18_heap_last", C(r"(DEPTH = STAGES\[)(0)(\])"), _to("-1")),
    # ? a float depth.
    ("pipeline.fh18_heap_float", C(r"(heapq\.heapreplace\(STAGES, )(2)(\))"), _to("2.5")),

    # ============================================================ lru_cache_barriers (functools.lru_cache cache_info)
    # ? the hits, 3: 85-row tiles.
    ("barrier.fh18_lru_hits", C(r"(origin\.cache_info\(\)\.)(misses)()"), _to("hits")),
    # (expected clean) the cache's size: the same 4.
    ("barrier.fh18_lru_currsize", C(r"(origin\.cache_info\(\)\.)(misses)()"), _to("currsize")),
    # ? a fifth origin: 51-row tiles.
    ("barrier.fh18_lru_visits_extra", C(r"(VISITS = \[0, 64, 0, 128, 64, 192, 0)()(\])"), _to(", 256")),
    # (a ZeroDivisionError: no visits, no misses, before any launch).
    ("control_flow.fh18_lru_no_visits", C(r"(VISITS = \[)(0, 64, 0, 128, 64, 192, 0)(\])"), _to("")),
    # ? one barrier fewer than tiles: bars.at[3] out of range.
    ("barrier.fh18_lru_barriers_short", C(r"(plgpu\.Barrier\(num_barriers=)(NUM_TILES)(\))"), _to("NUM_TILES - 1")),
    # primitives.py (a single barrier expected) the whole array waited on.
    ("barrier.fh18_lru_wait_array", C(r"(plgpu\.barrier_wait\()(bars\.at\[t\])(\))"), _to("bars")),
    # (an AttributeError, before any launch) a misspelt cache_info.
    ("control_flow.fh18_lru_cache_info_typo", C(r"(origin\.)(cache_info)(\(\)\.misses)"), _to("cache_infos")),
    # ? a repeated origin in place of 192: three tiles of 85 rows.
    ("barrier.fh18_lru_visits_repeat", C(r"(VISITS = \[0, 64, 0, 128, 64, )(192)(, 0\])"), _to("128")),

    # ============================================================ extendleft_blocks (deque.extendleft)
    # (expected clean) extend: the head stays 256, two 256-row blocks.
    ("blockspec_grid.fh18_extendleft_as_extend", C(r"(SIZES\.)(extendleft)(\(\[32, 64\]\))"), _to("extend")),
    # launch_context (TMA box dimensions at most 256) a 512-row head.
    ("copy_tma.fh18_extendleft_512", C(r"(SIZES\.extendleft\(\[32, )(64)(\]\))"), _to("512")),
    # (expected clean) pop from the right: 256 rows.
    ("blockspec_grid.fh18_extendleft_pop", C(r"(BLOCK_ROWS = SIZES\.)(popleft)(\(\))"), _to("pop")),
    # (expected clean?) 48-row blocks: ten CTAs cover 480 of 512 rows.
    ("blockspec_grid.fh18_extendleft_48", C(r"(SIZES\.extendleft\(\[32, )(64)(\]\))"), _to("48")),
    # (expected clean) an empty deque to start: extendleft still leaves 64 at the head.
    ("blockspec_grid.fh18_extendleft_empty_start", C(r"(SIZES = collections\.deque\()(\[256\])(\))"), _to("")),
    # (a TypeError: an int is not iterable, before any launch).
    ("control_flow.fh18_extendleft_int", C(r"(SIZES\.extendleft\()(\[32, 64\])(\))"), _to("64")),
    # (an unbound axis name) axis_index('b').
    ("axis_unknown.fh18_extendleft_axis", C(r"(lax\.axis_index\(')(blk)('\))"), _to("b")),

    # ============================================================ mro_depth (cls.mro())
    # pipeline.py (max_concurrent_steps must be positive?) depth 0.
    ("pipeline.fh18_mro_minus_4", C(r"(DEPTH = len\(DoubleBuffer\.mro\(\)\) - )(2)()"), _to("4")),
    # (expected clean) the shallower class: depth 1.
    ("pipeline.fh18_mro_prefetch", C(r"(DEPTH = len\()(DoubleBuffer)(\.mro\(\)\) - 2)"), _to("Prefetch")),
    # pipeline.py (positive?) the root class: depth 0.
    ("pipeline.fh18_mro_stage", C(r"(DEPTH = len\()(DoubleBuffer)(\.mro\(\)\) - 2)"), _to("Stage")),
    # (expected clean) __mro__: the same classes.
    ("pipeline.fh18_mro_dunder", C(r"(DEPTH = len\(DoubleBuffer\.)(mro\(\))(\) - 2)"), _to("__mro__")),
    # (a TypeError: len() of a method, before any launch).
    ("control_flow.fh18_mro_uncalled", C(r"(DEPTH = len\(DoubleBuffer\.)(mro\(\))(\) - 2)"), _to("mro")),
    # ? depth 4: 192 KiB of SMEM.
    ("pipeline.fh18_mro_minus_0", C(r"(DEPTH = len\(DoubleBuffer\.mro\(\)\) - )(2)()"), _to("0")),

    # ============================================================ dataclass_fields_arrivals (__dataclass_fields__)
    # (expected clean) an InitVar pseudo-field is still an entry of __dataclass_fields__.
    ("barrier.fh18_fields_initvar", C(r"^(\s+z: )(int)( = 2)"), _to("dataclasses.InitVar[int]")),
    # (expected clean: arrival counts are not checked against loads) an unannotated z is no field: two arrivals.
    ("barrier.fh18_fields_unannotated", C(r"^(\s+)(z: int = 2)()$"), _to("z = 2")),
    # ? no arrivals.
    ("barrier.fh18_fields_minus_3", C(r"(NUM_LOADS = len\(Operands\.__dataclass_fields__\))()()"), _to(" - 3")),
    # (an AttributeError, before any launch) a misspelt dunder.
    ("control_flow.fh18_fields_typo", C(r"(Operands\.)(__dataclass_fields__)(\))"), _to("__dataclass_field__")),
    # primitives.py "Expected shapes to match": the z buffer with half the rows.
    ("copy_tma.fh18_fields_z_rows", C(r"^(\s+)(plgpu\.SMEM\(SHAPE, DTYPE\),)()(?=\s*$)"), _to("plgpu.SMEM((64, 64), DTYPE),")),
    # (expected clean) f16 data throughout.
    ("ops_dtypes.fh18_fields_dtype_f16", C(r"^(DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("float16")),
    # (expected clean: the same) twice the arrivals.
    ("barrier.fh18_fields_arrivals_double", C(r"(plgpu\.Barrier\(num_arrivals=)(NUM_LOADS)(\))"), _to("NUM_LOADS * 2")),

    # ============================================================ isdecimal_tile (str.isdecimal)
    # (expected clean) f16: (8, 64) tiles over 64 columns.
    ("swizzle_tiling.fh18_spec_f16", C(r"(SPEC = '128x64:)(f32)(')"), _to("f16")),
    # (a KeyError, before any launch) an f8 token.
    ("control_flow.fh18_spec_f8", C(r"(SPEC = '128x64:)(f32)(')"), _to("f8")),
    # lowering.py:1931 (tiling does not fit) 48 columns under 32-element tiles.
    ("swizzle_tiling.fh18_spec_cols_48", C(r"(SPEC = '128x)(64)(:f32')"), _to("48")),
    # (a ValueError: three sizes for two names, before any launch).
    ("control_flow.fh18_spec_three_dims", C(r"(SPEC = '128x64)()(:f32')"), _to("x2")),
    # (a KeyError: the first decimal token taken as the dtype, before any launch).
    ("control_flow.fh18_spec_dtype_token", C(r"(DTYPE = DTYPES\[next\(t for t in TOKENS if )(not )(t\.isdecimal\(\)\)\])"), _to("")),
    # launch_context (TMA box dimensions at most 256) 512 rows.
    ("copy_tma.fh18_spec_rows_512", C(r"(SPEC = ')(128)(x64:f32')"), _to("512")),
    # lowering.py:1931 (tiling does not fit) bf16 over 32 columns with 64-element tiles.
    ("swizzle_tiling.fh18_spec_bf16_cols_32", C(r"(SPEC = ')(128x64:f32)(')"), _to("128x32:bf16")),

    # ============================================================ symmetric_difference_threads (set.symmetric_difference)
    # (expected clean) the consumer fused away instead: still two roles.
    ("kernel_mesh_config.fh18_symdiff_fused_consumer", C(r"(FUSED = \{')(epilogue)('\})"), _to("consumer")),
    # (expected clean?) a role fused that was never there: three threads.
    ("kernel_mesh_config.fh18_symdiff_fused_extra", C(r"(FUSED = \{'epilogue')()(\})"), _to(", 'loader'")),
    # ? the intersection: one thread, the consumer branch never runs.
    ("kernel_mesh_config.fh18_symdiff_intersection", C(r"(ROLES\.)(symmetric_difference)(\(FUSED\))"), _to("intersection")),
    # primitives.py:3544 "n must be a positive multiple of 8": HIGH 236.
    ("kernel_mesh_config.fh18_symdiff_high_236", C(r"^(LOW, HIGH = 40, )(232)()(?=\s*$)"), _to("236")),
    # ? LOW 24 (a multiple of 8 below what a warpgroup needs).
    ("kernel_mesh_config.fh18_symdiff_low_24", C(r"^(LOW, HIGH = )(40)(, 232)"), _to("24")),
    # (a TypeError: fori_loop's carry turns from int to float, in the kernel's trace).
    ("ops_dtypes.fh18_symdiff_int_init", C(r"(lambda i, s: s \* 0\.5, )(jnp\.float32\(1\.0\))(\))"), _to("1")),
    # (expected clean) no iterations.
    ("control_flow.fh18_symdiff_iters_0", C(r"^(ITERS = )(4)()(?=\s*$)"), _to("0")),

    # ============================================================ percent_format_multimem (%-formatting)
    # (a TypeError: %d of a str, before any launch).
    ("control_flow.fh18_percent_rank_str", C(r"(NAMING = \{'kind': 'dev', 'rank': )(0)(\})"), _to("'0'")),
    # (expected clean) %r: the axis "'dev'0" for mesh and kernel alike.
    ("kernel_mesh_config.fh18_percent_repr", C(r"(AXIS = '%\(kind\))(s)(%\(rank\)d' % NAMING)"), _to("r")),
    # (a KeyError, before any launch) a misspelt key.
    ("control_flow.fh18_percent_key_typo", C(r"(AXIS = '%\()(kind)(\)s%\(rank\)d' % NAMING)"), _to("kinds")),
    # primitives.py:5749 (a string is a set of letters: jax-facts.md) collective_axes=AXIS with AXIS 'dev0'.
    ("shard_map_axis_names_subset.fh18_percent_axes_str", C(r"(plgpu\.multimem_store\(tile, y_ref, )(\(AXIS,\))(\))"), _to("AXIS")),
    # ? a WG_SPLAT layout for the stored tile.
    ("layout_unsupported.fh18_percent_splat", C(r"(plgpu\.Layout\.)(WGMMA)(\))"), _to("WG_SPLAT(SHAPE)")),
    # (expected clean) rank 1: 'dev1' for mesh and kernel alike.
    ("axis_unknown.fh18_percent_rank_1", C(r"(NAMING = \{'kind': 'dev', 'rank': )(0)(\})"), _to("1")),
    # (an f16 tile stored into an f32 ref).
    ("ops_dtypes.fh18_percent_tile_f16", C(r"(jnp\.full\(SHAPE, 3\.0, jnp\.)(float32)(\))"), _to("float16")),
    # primitives.py:5093 "Must signal int32 values": a float increment.
    ("ops_dtypes.fh18_percent_signal_float", C(r"(pl\.semaphore_signal\(sem, )(1)(, device_id=1 - lax)"), _to("1.0")),

    # ============================================================ jax_copy_7d_tiling_with_unit_middle_dims
    # ? a 48-element minor tile over 128 columns.
    ("swizzle_tiling.fh18_7d_tile_minor_48", C(r"(plgpu\.TilingTransform\(\(2, 1, 1, 1, 1, 1, )(32)(\)\))"), _to("48")),
    # ? a non-unit middle dimension: six dimensions left for TMA.
    ("copy_tma.fh18_7d_shape_nonunit", C(r"^(shape = \(2, 64, 1, )(1)(, 1, 1, 128\))"), _to("2")),
    # core.py (tiling must divide the shape?) a 3-row tile over 2 rows.
    ("swizzle_tiling.fh18_7d_tile_rows_3", C(r"(TilingTransform\(\()(2)(, 1, 1, 1, 1, 1, 32\)\))"), _to("3")),
    # (expected clean) f16: 64-byte minor tiles.
    ("ops_dtypes.fh18_7d_dtype_f16", C(r"^(dtype = jnp\.)(float32)()(?=\s*$)"), _to("float16")),
    # primitives.py:235 "Expected shapes to match": a 64-column output.
    ("copy_tma.fh18_7d_out_shape", C(r"(out_type=jax\.ShapeDtypeStruct\()(shape)(, dtype\))"), _to("shape[:-1] + (64,)")),

    # ============================================================ jax_out_of_bounds_tma_reads
    # (expected clean) another parameter set: offset 80, promised in bounds.
    ("copy_tma.fh18_oob_offset_80", C(r"^(start_offset, oob_mode = )(0)(, plgpu\.OOBFillMode)"), _to("80")),
    # (expected clean) another parameter set: ZEROS.
    ("copy_tma.fh18_oob_zeros", C(r"(oob_mode = 0, plgpu\.OOBFillMode\.)(PROMISE_IN_BOUNDS)()"), _to("ZEROS")),
    # primitives.py "Expected shapes to match": a 64-element SMEM scratch for a 128-element slice.
    ("copy_tma.fh18_oob_smem_64", C(r"(scratch_types=\[plgpu\.SMEM\(\()(smem_size)(,\), dtype\))"), _to("64")),
    # (an int32 fill stored into an int8 ref?).
    ("ops_dtypes.fh18_oob_fill_i32", C(r"(jnp\.full\(scratch_ref\.shape, -1, )(dtype)(\))"), _to("jnp.int32")),

    # ============================================================ jax_transposed_layout
    # ? the layout not transposed for the transposed ref.
    ("layout_unsupported.fh18_transposed_same", C(r"^(layouts = \(plgpu\.Layout\.WGMMA, plgpu\.Layout\.)(WGMMA_TRANSPOSED)(\))"), _to("WGMMA")),
    # (a (256, 192) value stored into a (192, 256) ref) transpose_ref dropped.
    ("ref_store.fh18_transposed_no_transpose_ref", C(r"(o_ref_t = )(plgpu\.transpose_ref\(o_ref, \(1, 0\)\))()"), _to("o_ref")),
    # ? f32 data with (8, 32) tiles.
    ("ops_dtypes.fh18_transposed_f32", C(r"^(dtype = jnp\.dtype\(jnp\.)(float16)(\))"), _to("float32")),
    # ? 200 columns (not a multiple of the 64-element tile).
    ("blockspec_grid.fh18_transposed_shape_200", C(r"^(shape = \(256, )(192)(\))"), _to("200")),
    # (expected clean?) a 32-byte swizzle (the harness's default_transforms; jax_realistic_matmul has the line too).
    ("swizzle_tiling.fh18_default_transforms_swizzle_32", C(r"^(transforms = default_transforms\()(dtype=dtype)(\))"), _to("swizzle=32, dtype=dtype")),

    # ============================================================ jax_nd_loop / jax_nd_loop_with_carry
    # (expected clean) another parameter set: the step count read from GMEM.
    ("control_flow.fh18_ndloop_dynamic", C(r"^(sm_steps, tiling, dynamic_sm_steps = 1, None, )(False)()(?=\s*$)"), _to("True")),
    # (expected clean) another parameter set: tiling 1.
    ("control_flow.fh18_ndloop_tiling_1", C(r"^(sm_steps, tiling, dynamic_sm_steps = 1, )(None)(, False)"), _to("1")),
    # (an axis that is no grid axis) collective_axes 'wg'.
    ("kernel_mesh_config.fh18_ndloop_collective_axes", C(r"(collective_axes=\")(sm)(\", init_carry=0)"), _to("wg")),
    # (a (64,) row stored into a (128,) slice).
    ("ref_store.fh18_ndloop_broadcast_64", C(r"^(\s+flat_idx, )(o_ref\.shape\[-1:\])()"), _to("(64,)")),
    # ? an f32 output for int32 indices.
    ("ops_dtypes.fh18_ndloop_out_f32", C(r"(jax\.ShapeDtypeStruct\(\(sm_steps, 132, 128\), jnp\.)(int32)(\))"), _to("float32")),
    # (an unbound axis name) the grid named 'cta' while the body reads 'sm'.
    ("axis_unknown.fh18_grid_name_sm", C(r"(grid_names=\()(\"sm\",)(\))"), _to("\"cta\",")),
    # (expected clean?) 64 CTAs.
    ("blockspec_grid.fh18_ndloop_grid_64", C(r"^(\s+grid=\()(132)(,\),)"), _to("64")),
    # ? a float carry stored into an int32 ref.
    ("ops_dtypes.fh18_carry_float", C(r"(collective_axes=\"sm\", init_carry=)(0)()"), _to("0.0")),
    # (expected clean) another parameter set: the step count read from GMEM.
    ("control_flow.fh18_carry_dynamic", C(r"^(sm_steps, dynamic_sm_steps = 1, )(False)()(?=\s*$)"), _to("True")),
    # ? a (128,) steps output indexed by 132 CTAs.
    ("ref_store.fh18_carry_steps_128", C(r"(jax\.ShapeDtypeStruct\(\()(132)(,\), jnp\.int32\))"), _to("128")),

    # ============================================================ jax_realistic_matmul
    # primitives.py:2282 (tiling does not fit swizzle) 32-element K tiles under a 128-byte swizzle.
    ("wgmma_mma.fh18_rm_tile_k_32", C(r"^(tile_k = )(elems_128b)()(?=\s*$)"), _to("elems_128b // 2")),
    # ? a 64-byte swizzle for the K tile while the transforms keep 128.
    ("swizzle_tiling.fh18_rm_swizzle_64", C(r"^(swizzle = )(128)()(?=\s*$)"), _to("64")),
    # (expected clean?) another parameter set: the LHS transposed.
    ("control_flow.fh18_rm_lhs_transpose", C(r"^(lhs_transpose, rhs_transpose = )(False)(, False)"), _to("True")),
    # (expected clean?) an f16 accumulator.
    ("wgmma_mma.fh18_rm_acc_f16", C(r"(scratch_shapes=\[plgpu\.ACC\(\(tile_m, tile_n\), jnp\.)(float32)(\)\])"), _to("float16")),
    # ? program_id of a fourth grid axis.
    ("axis_program_id.fh18_rm_program_id_3", C(r"(pl\.program_id\()(2)(\))"), _to("3")),
    # ? every grid dimension parallel: an empty sequential pipeline.
    ("kernel_mesh_config.fh18_rm_all_parallel", C(r"(dimension_semantics=\[\"parallel\", \"parallel\", \")(sequential)(\"\])"), _to("parallel")),

    # ============================================================ jax_manual
    # ? one barrier for two slots.
    ("barrier.fh18_manual_barriers_1", C(r"(plgpu\.Barrier\(num_barriers=)(max_concurrent_steps)(\))"), _to("1")),
    # primitives.py "Expected shapes to match": 32-column slots.
    ("copy_tma.fh18_manual_slot_cols_32", C(r"(plgpu\.SMEM\(\(max_concurrent_steps, 32, )(16)(\), jnp\.float32\))"), _to("32")),
    # (expected clean) three slots.
    ("pipeline.fh18_manual_slots_3", C(r"^(max_concurrent_steps = )(2)()(?=\s*$)"), _to("3")),
    # primitives.py "n must be a non-negative integer": wait_smem_to_gmem(-1).
    ("copy_tma.fh18_manual_wait_negative", C(r"(plgpu\.wait_smem_to_gmem\()(max_concurrent_steps - 1)(\))"), _to("-1")),
    # core.py "grid_names must have the same length as grid": one name.
    ("kernel_mesh_config.fh18_manual_grid_names", C(r"(grid_names=\()(\"x\", \"y\")(\),)"), _to("\"x\",")),
    # (expected clean) the other grid axis (size 1): every CTA reads rows 0..31.
    ("axis_unknown.fh18_manual_axis_y", C(r"(lax\.axis_index\(\")(x)(\"\) \* 32)"), _to("y")),

    # ============================================================ jax_no_output
    # ? two threads for two compute warpgroups and a memory warpgroup.
    ("kernel_mesh_config.fh18_noout_threads_2", C(r"^(\s+num_threads=)(3)(,)"), _to("2")),
    # (expected clean: arrival counts are not checked) two arrivals.
    ("barrier.fh18_noout_arrivals_2", C(r"(plgpu\.Barrier\(num_arrivals=)(3)(\),)"), _to("2")),
    # ? three compute warpgroups in a kernel of three threads.
    ("pipeline.fh18_noout_compute_wgs_3", C(r"(num_compute_wgs=)(2)(,)"), _to("3")),
    # (expected clean) the store awaited fully.
    ("copy_tma.fh18_noout_wait_full", C(r"(plgpu\.wait_smem_to_gmem\(0, )(wait_read_only=True)(\))"), _to("wait_read_only=False")),
    # (a (32, 64) slice added to a (32, 32) one) a 32-column scratch.
    ("ref_store.fh18_noout_scratch_32", C(r"(plgpu\.SMEM\(\(blk_m, )(blk_n)(\), jnp\.float32\),)"), _to("32")),

    # ============================================================ jax_pipelined_pipeline / jax_pipeline_with_manual_allocation
    # (expected clean) the other parameter set: consumed barriers arrived by hand.
    ("control_flow.fh18_pp_manual_barriers", C(r"^(manual_consumed_barriers = )(False)()(?=\s*$)"), _to("True")),
    # ? two compute warpgroups in a kernel of two threads.
    ("pipeline.fh18_pp_compute_wgs_2", C(r"(num_compute_wgs=)(1)(,)"), _to("2")),
    # (an axis that is no thread axis) run_scoped collective over 'x'.
    ("kernel_mesh_config.fh18_pp_collective_axes", C(r"(collective_axes=\")(wg)(\",)"), _to("x")),
    # ? an f32 scratch accumulating int32 blocks.
    ("ops_dtypes.fh18_pp_scratch_f32", C(r"(scratch_types=\[plgpu\.SMEM\(\(blk_m, blk_n\), jnp\.)(int32)(\)\])"), _to("float32")),

    # ============================================================ jax_stage6
    # lowering.py:1931 (tiling does not fit) a 128-byte swizzle over 32-wide K blocks.
    ("swizzle_tiling.fh18_stage6_swizzle_128", C(r"(default_transforms\(swizzle=)(64)(, dtype=jnp\.float16\))"), _to("128")),
    # ? an f32 accumulator added into an f16 SMEM block.
    ("wgmma_mma.fh18_stage6_acc_f32", C(r"(plgpu\.ACC\(\(m_block, n_block\), jnp\.)(float16)(\)\))"), _to("float32")),
    # primitives.py:2282 (tiling does not fit swizzle) 16-wide K blocks.
    ("wgmma_mma.fh18_stage6_k_block_16", C(r"^(k_block = )(32)()(?=\s*$)"), _to("16")),
    # core.py "grid_names must have the same length as grid": one name.
    ("kernel_mesh_config.fh18_stage6_grid_names", C(r"(grid_names=\()(\"m\", \"n\")(\),)"), _to("\"m\",")),
    # (an unbound axis name) axis_index('k').
    ("axis_unknown.fh18_stage6_axis", C(r"(n = lax\.axis_index\(\")(n)(\"\))"), _to("k")),
    # ? the step index not unpacked: a tuple compared with 0.
    ("control_flow.fh18_stage6_no_unpack", C(r"^(\s+)(step, = idxs)()$"), _to("step = idxs")),

    # ============================================================ jax_remote_dma_several_mosaic_ops / jax_remote_dma_atomic_store
    # (expected clean) one round.
    ("kernel_mesh_config.fh18_several_rounds_1", C(r"(for _ in range\()(25)(\):)"), _to("1")),
    # (an unbound axis name: the mesh axis 'y', the kernel's 'x').
    ("axis_unknown.fh18_mesh_axis_y", C(r"(mesh = jax\.sharding\.Mesh\(devices, \[[\"'])(x)([\"']\]\))"), _to("y")),
    # (a value of (8, 128) stored into a (16, 128) remote ref).
    ("ref_store.fh18_several_out_16", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(8)(, 128\), jnp\.float32\))"), _to("16")),
    # (a TypeError: one semaphore for a kernel of four refs, in its trace).
    ("control_flow.fh18_one_semaphore", C(r"^(\s+)(plgpu\.SemaphoreType\.REGULAR,)()(?=\s*\]?,?\s*$)"), _to("")),
    # ? an int32 input atomically added into an f32 ref.
    ("ops_dtypes.fh18_atomic_int_input", C(r"^(x = jnp\.arange\(256, dtype=jnp\.)(float32)(\))"), _to("int32")),

    # ============================================================ jax_contiguous_copy_tma / jax_multimem_store_contiguous_tma
    # ? a scalar device id on a 2-D mesh.
    ("kernel_mesh_config.fh18_contig_device_scalar", C(r"(plgpu\.remote_ref\(y_ref, )(\(zero, dev_id\))(\))"), _to("dev_id")),
    # (jax-facts.md: 32-, 64- or 128-bit accesses) vec_size 3 over 512 elements.
    ("layout_unsupported.fh18_strided_vec_3", C(r"(plgpu\.Layout\.WG_STRIDED\(\(tile,\), vec_size=)(1)(\))"), _to("3")),
    # (expected clean) 256-element tiles: half the output written.
    ("copy_tma.fh18_contig_tile_256", C(r"^(tile = )(512)()(?=\s*$)"), _to("256")),
    # (an unbound axis name) axis_index('z').
    ("axis_unknown.fh18_contig_axis", C(r"(dev_id = lax\.axis_index\(\")(y)(\"\))"), _to("z")),
    # primitives.py:227 "Expected dtypes to match": an f32 SMEM tile for the int32 output.
    ("ops_dtypes.fh18_contig_smem_f32", C(r"^(\s+plgpu\.SMEM\(\(tile,\), jnp\.)(int32)(\),)"), _to("float32")),
    # primitives.py:510 (collective axes must cover the mesh) multicast over 'y'.
    ("shard_map_axis_names_subset.fh18_mcast_axis_y", C(r"(plgpu\.multicast_ref\(y_ref, \")(x)(\"\))"), _to("y")),
    # primitives.py:235 "Expected shapes to match": half-tile slices of the output.
    ("copy_tma.fh18_slice_half_tile", C(r"(y_slice = pl\.ds\(i \* tile, )(tile)(\))"), _to("tile // 2")),

    # ============================================================ jax_multimem_load_reduce
    # (jax-facts.md: "Unsupported reduction operation: sum") reduction "sum".
    ("reduction_dtype.fh18_mlr_sum", C(r"^(dtype, vector_length, reduction, tiled_layout = jnp\.int32, 1, )(\"add\")(, False)"), _to("\"sum\"")),
    # (expected clean) another parameter set: f32 add.
    ("control_flow.fh18_mlr_f32", C(r"^(dtype, vector_length, reduction, tiled_layout = jnp\.)(int32)(, 1)"), _to("float32")),
    # (jax-facts.md: "Only 32-, 64- and 128-bit loads") int32 vectors of 8.
    ("layout_unsupported.fh18_mlr_vec_8", C(r"(reduction, tiled_layout = jnp\.int32, )(1)(, \"add\")"), _to("8")),
    # primitives.py:5810 (collective axes must cover the mesh) 'y'.
    ("shard_map_axis_names_subset.fh18_mlr_axis_y", C(r"(collective_axes=\")(x)(\", reduction_op)"), _to("y")),
    # (72 rows reduced into a (64, 32) layout).
    ("ref_store.fh18_mlr_slice", C(r"(x_ref\.at\[)(16:-16)(\])"), _to("16:-8")),
    # ? the tiled layout of the test's other parameters.
    ("layout_unsupported.fh18_mlr_tiled", C(r"(reduction, tiled_layout = jnp\.int32, 1, \"add\", )(False)()"), _to("True")),

    # ============================================================ generic
    # pipeline.py (max_concurrent_steps must be positive) 0.
    ("pipeline.fh18_concurrent_steps_0", C(r"(max_concurrent_steps=)(2)(\)|,)"), _to("0")),
    # primitives.py "n must be a non-negative integer".
    ("copy_tma.fh18_wait_store_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh18_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\((?:bar|loaded|barrier_ref|barrier)\))()(?=\s*$)"), _to("pass")),
    # ? Warpgroup semantics for a Lane kernel.
    ("compiler_params.fh18_semantics_warpgroup", C(r"(plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # lowering / core (swizzle must be 32, 64 or 128) a 16-byte swizzle.
    ("swizzle_tiling.fh18_swizzle_16", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("16")),
    # primitives.py:6010 / lowering (semaphore types) a barrier semaphore.
    ("kernel_mesh_config.fh18_sem_barrier", C(r"(plgpu\.SemaphoreType\.)(REGULAR)(\])"), _to("BARRIER")),
    # launch_context (TMA: 8 bytes along the minor dimension) 2-column blocks.
    ("copy_tma.fh18_block_cols_2", C(r"^(BLOCK = \(32, )(128)(\))"), _to("2")),
    # primitives.py "Expected shapes to match": a half-height SMEM buffer.
    ("copy_tma.fh18_smem_half_rows", C(r"(plgpu\.SMEM\(\()(BLOCK_ROWS)(, COLS\), )"), _to("BLOCK_ROWS // 2")),
    # (an unbound axis name) thread_name 'warpgroup' with axis_index('wg').
    ("axis_unknown.fh18_thread_name", C(r"(thread_name=')(wg)(')"), _to("warpgroup")),
    # primitives.py:3544 (memory registers a multiple of 8) 44.
    ("pipeline.fh18_memory_registers_44", C(r"(memory_registers=)(40)(,)"), _to("44")),
    # primitives.py:5103 "`device_id`s must be int32 values": a float peer.
    ("kernel_mesh_config.fh18_device_float", C(r"(other_dev_id = )(1)( - (?:lax\.axis_index|dev_id))"), _to("1.0")),
    # (a ValueError / ZeroDivisionError: no devices, before any launch).
    ("control_flow.fh18_devices_0", C(r"^(DEVICES = )(2)()(?=\s*$)"), _to("0")),
)


def famheld18_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
