"""One-edit mutations for the nineteenth held-out families corpus `famheld19`, written blind from JAX's own checks (the
`raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py and jax/_src/pallas/core.py of JAX
0.12.0.1, cited at operators by file:line from /work/shared/jax-raise-sites/sites.tsv where one site is meant, or by
their message; the raises of jax/experimental/pallas/ops/gpu/{reduce_scatter,all_gather,hopper_matmul,
hopper_mixed_type_matmul}_mgpu.py read in the installed JAX; /work/shared/jax-facts.md for the measured collective
facts) and from the Python the bases use (what np.lcm.reduce / np.repeat / np.vander / np.trim_zeros /
np.linalg.solve / np.ediff1d / np.loadtxt, ntpath, zlib.adler32, statistics.NormalDist.from_samples,
statistics.median_grouped, statistics.linear_regression, math.copysign, set.intersection / isdisjoint / issuperset,
functools.wraps' __wrapped__, bin().count, chr / ord and hasattr do with an edited value). Nothing else: the checker
was not read, and the earlier sets' operators only for their names (every name here carries the prefix `fh19_`).

The user bases (build_famheld19.py) keep what the kernel depends on in Python that no earlier famheld set used, so
most of their operators edit the value where the program keeps it (byte widths, a tile height and its count, a
Vandermonde base and length, a padded size vector, a linear system, block boundaries, a text table, a Windows path, a
kernel name and its variants, sampled widths, sampled register counts, measured pairs, a signed zero, two height
sets, operand and output names, a host function's parameters, the decorator layers around an update, role capability
sets and what compute needs, a device mask, a base letter, a config class's attributes) or the mechanism itself (the
numpy / stdlib call, its axis, mode, key or rounding), some so that the program's own Python raises before any kernel
(a ValueError, TypeError, KeyError, IndexError, AttributeError, StopIteration or numpy's LinAlgError in the
configuration code), others so that the value flows into a JAX check, and some so that the value changes but stays
valid ("(expected clean)"); the rest edit the kernel or its launch (axis, thread and grid names, collective axes,
reduction ops, layouts, transforms, barriers, semaphores, dtypes, the adapted tests' parameters and the ops'
arguments). A few generic ones fit many bases and are capped by --max-per-op. Nothing here decides whether a mutant
fails: label.py lowers each one under real JAX; "(expected clean)" marks operators written expecting none, "?" an
expectation I was unsure of. The comments are the expectations written before labelling.
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ============================================================ lcm_swizzle_wgmma (np.lcm.reduce)
    # lowering / core (swizzle must be 32, 64 or 128) a 96-byte width: the lcm is 384.
    ("swizzle_tiling.fh19_lcm_width_96", C(r"(WIDTHS = \[32, )(64)(, 128\])"), _to("96")),
    # ? widths without 128: a 64-byte swizzle, (8, 32) tiles for a 128-deep K.
    ("swizzle_tiling.fh19_lcm_no_128", C(r"(WIDTHS = \[32, 64)(, 128)(\])"), _to("")),
    # (a 256-byte swizzle) a 256-byte epilogue row.
    ("swizzle_tiling.fh19_lcm_width_256", C(r"(WIDTHS = \[32, 64, )(128)(\])"), _to("256")),
    # (expected clean) np.lcm.reduce of a single 128.
    ("swizzle_tiling.fh19_lcm_only_128", C(r"(WIDTHS = \[)(32, 64, 128)(\])"), _to("128")),
    # ? the gcd instead of the lcm: a 32-byte swizzle, (8, 16) bf16 tiles.
    ("swizzle_tiling.fh19_lcm_gcd", C(r"(SWIZZLE = int\(np\.)(lcm)(\.reduce\(WIDTHS\)\))"), _to("gcd")),
    # (a TypeError, before any launch) lcm of float widths.
    ("control_flow.fh19_lcm_float_width", C(r"(WIDTHS = \[)(32)(, 64, 128\])"), _to("32.0")),
    # primitives.py:2108 "Incompatible shapes for matrix multiplication": an (M, K) accumulator.
    ("wgmma_mma.fh19_acc_shape_k", C(r"(plgpu\.ACC\(\(M, )(N)(\), jnp\.float32\))"), _to("K")),
    # ? an f16 accumulator for an f32 result (lcm_swizzle_wgmma, hasattr_wgmma).
    ("wgmma_mma.fh19_acc_f16", C(r"(plgpu\.ACC\(\(M, N\), jnp\.)(float32)(\)\))"), _to("float16")),

    # ============================================================ repeat_row_tiles (np.repeat)
    # (expected clean) four tiles of 64 rows: a 256-row array.
    ("barrier.fh19_repeat_count_4", C(r"^(COUNT = )(3)()(?=\s*$)"), _to("4")),
    # ? no tiles: an empty SMEM buffer and a zero-barrier array.
    ("barrier.fh19_repeat_count_0", C(r"^(COUNT = )(3)()(?=\s*$)"), _to("0")),
    # (expected clean?) 36-row tiles: TMA boxes that do not start on an 8-row boundary.
    ("copy_tma.fh19_repeat_tile_36", C(r"^(TILE = )(64)()(?=\s*$)"), _to("36")),
    # (SMEM: 16 x 512 rows of f32 = 256 KiB) 512-row tiles.
    ("copy_tma.fh19_repeat_tile_512", C(r"^(TILE = )(64)()(?=\s*$)"), _to("512")),
    # (a TypeError: np.repeat of a string count, before any launch).
    ("control_flow.fh19_repeat_count_str", C(r"^(COUNT = )(3)()(?=\s*$)"), _to("'3'")),
    # ? one barrier for three tiles: barrier_wait on bars.at[1] of a one-barrier array.
    ("barrier.fh19_repeat_one_barrier", C(r"(plgpu\.Barrier\(num_barriers=)(len\(TILES\))(\))"), _to("1")),
    # (expected clean) np.repeat of a list: the same three tiles.
    ("barrier.fh19_repeat_list", C(r"(TILES = np\.repeat\()(TILE)(, COUNT\))"), _to("[TILE]")),
    # (expected clean) float tile heights: every use goes through int().
    ("control_flow.fh19_repeat_float_tile", C(r"(TILES = np\.repeat\()(TILE)(, COUNT\))"), _to("TILE / 1")),

    # ============================================================ vander_rows (np.vander)
    # (expected clean) base 2 with six powers: 2 ** 5 = 32-row blocks.
    ("blockspec_grid.fh19_vander_base_2", C(r"^(BASE = )(4)()(?=\s*$)"), _to("2")),
    # (SMEM: 256-row f32 blocks, three operands two deep, 768 KiB) five powers: 4 ** 4.
    ("blockspec_grid.fh19_vander_powers_5", C(r"^(POWERS = )(4)()(?=\s*$)"), _to("5")),
    # ? increasing=True: 4 ** 0 first, (1, 128) blocks.
    ("blockspec_grid.fh19_vander_increasing", C(r"(np\.vander\(\[BASE\], N=POWERS)()(\))"), _to(", increasing=True")),
    # ? base 3: 27-row blocks.
    ("blockspec_grid.fh19_vander_base_3", C(r"^(BASE = )(4)()(?=\s*$)"), _to("3")),
    # (an IndexError, before any launch) no powers: an empty row.
    ("control_flow.fh19_vander_powers_0", C(r"^(POWERS = )(4)()(?=\s*$)"), _to("0")),
    # (a ValueError: vander of a 2-D input, before any launch).
    ("control_flow.fh19_vander_2d", C(r"(np\.vander\()(\[BASE\])(, N=POWERS\))"), _to("[[BASE]]")),
    # pipeline (max_concurrent_steps) zero steps in flight in an emit_pipeline written on one line.
    ("pipeline.fh19_pipeline_depth_0", C(r"(max_concurrent_steps=)(2)(\)\(x_gmem)"), _to("0")),

    # ============================================================ trim_zeros_block (np.trim_zeros)
    # pallas/core.py (block rank) trim='f' keeps the trailing zero: a 3-D (64, 128, 0) block.
    ("blockspec_grid.fh19_trim_front_only", C(r"(np\.trim_zeros\(PADDED)()(\))"), _to(", 'f'")),
    # (expected clean) the padding moved: the same block.
    ("blockspec_grid.fh19_trim_padding_moved", C(r"(PADDED = np\.array\(\[)(0, 0, 64, 128, 0)(\]\))"), _to("0, 64, 128, 0, 0")),
    # pallas/core.py (block rank) a zero inside the vector survives the trim: a (64, 0, 128) block.
    ("blockspec_grid.fh19_trim_inner_zero", C(r"(PADDED = np\.array\(\[0, 0, 64, )()(128, 0\]\))"), _to("0, ")),
    # launch_context (TMA: 8 bytes along the minor dimension) 2-column blocks.
    ("copy_tma.fh19_trim_cols_2", C(r"(PADDED = np\.array\(\[0, 0, 64, )(128)(, 0\]\))"), _to("2")),
    # ? 96-row blocks: 256 rows are not a multiple of 96.
    ("blockspec_grid.fh19_trim_rows_96", C(r"(PADDED = np\.array\(\[0, 0, )(64)(, 128, 0\]\))"), _to("96")),
    # (SMEM: (256, 512) f16 blocks, three operands two deep, 1.5 MiB) the whole array as one block.
    ("blockspec_grid.fh19_trim_block_whole", C(r"(PADDED = np\.array\(\[0, 0, )(64, 128)(, 0\]\))"), _to("256, 512")),
    # (expected clean?) f32 data for an f16 kernel: twice the SMEM (trim_zeros_block: (64, 128) f32 blocks, three
    # operands two deep, 192 KiB), or f32 under a swizzle sized for f16 rows (normaldist_swizzle_pipeline,
    # intersection_rows).
    ("ops_dtypes.fh19_dtype_f16_to_f32", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float32")),

    # ============================================================ solve_block (np.linalg.solve)
    # (numpy's LinAlgError: a singular system, before any launch).
    ("control_flow.fh19_solve_singular", C(r"(SYSTEM = np\.array\(\[\[1, 1\], \[)(1, -1)(\]\]\))"), _to("2, 2")),
    # lowering.py:1931 (minor tiling does not fit swizzle) rows 112, cols 80: 80 columns under 64-element tiles.
    ("swizzle_tiling.fh19_solve_cols_80", C(r"(TOTALS = np\.array\(\[192, )(64)(\]\))"), _to("32")),
    # lowering.py:1931 (minor tiling does not fit swizzle) rows - cols = 0: (96, 96) blocks under 64-element tiles.
    ("swizzle_tiling.fh19_solve_square", C(r"(TOTALS = np\.array\(\[192, )(64)(\]\))"), _to("0")),
    # (expected clean) doubled totals: (256, 128) blocks, a (2, 2) grid.
    ("blockspec_grid.fh19_solve_scaled", C(r"(TOTALS = np\.array\(\[)(192, 64)(\]\))"), _to("384, 128")),
    # (a ValueError: a 3-vector for a 2 x 2 system, before any launch).
    ("control_flow.fh19_solve_three_totals", C(r"(TOTALS = np\.array\(\[192, 64)()(\]\))"), _to(", 0")),
    # (int() of 127.99999999999999 truncates: a 127-row block) int instead of round.
    ("swizzle_tiling.fh19_solve_no_round", C(r"(BLOCK = tuple\()(int\(round\(v\)\))( for v in np\.linalg\.solve)"), _to("int(v)")),
    # (an unbound axis name) axis_index('k').
    ("axis_unknown.fh19_solve_axis", C(r"(cols = pl\.ds\(lax\.axis_index\(')(n)('\))"), _to("k")),

    # ============================================================ ediff1d_loop (np.ediff1d)
    # ? to_begin=0: a zero first size, so zero-row blocks over nine steps.
    ("copy_tma.fh19_ediff_to_begin", C(r"(SIZES = np\.ediff1d\(BOUNDS)()(\))"), _to(", to_begin=0")),
    # (expected clean: the loop's slices are dynamic) to_end=32: a ninth step past the 256 rows.
    ("copy_tma.fh19_ediff_to_end", C(r"(SIZES = np\.ediff1d\(BOUNDS)()(\))"), _to(", to_end=32")),
    # (expected clean) a first size of 16: 16-row blocks over eight steps (128 of the 256 rows).
    ("copy_tma.fh19_ediff_first_16", C(r"(BOUNDS = \[0, )(32)(, 64, )"), _to("16")),
    # (an IndexError, before any launch) one boundary: no sizes.
    ("control_flow.fh19_ediff_one_bound", C(r"(BOUNDS = \[0)(, 32, 64, 96, 128, 160, 192, 224, 256)(\])"), _to("")),
    # (expected clean) 64-row blocks: the boundaries every 64.
    ("copy_tma.fh19_ediff_bounds_64", C(r"(BOUNDS = \[0, )(32, 64, 96, 128, 160, 192, 224)(, 256\])"), _to("64, 128, 192")),
    # launch_context (TMA: 8 bytes along the minor dimension) a single column.
    ("copy_tma.fh19_ediff_cols_1", C(r"^(COLS = )(64)()(?=\s*$)"), _to("1")),
    # primitives.py "Expected shapes to match": an SMEM buffer of twice the block rows (ediff1d_loop, wrapped_layers_block).
    ("copy_tma.fh19_smem_rows_double", C(r"(plgpu\.SMEM\(\()(BLOCK_ROWS)(, COLS\), jnp\.float32\))"), _to("2 * BLOCK_ROWS")),

    # ============================================================ loadtxt_grid (np.loadtxt)
    # core.py "grid_names must have the same length as grid": three numbers on the row.
    ("kernel_mesh_config.fh19_loadtxt_three", C(r"(TABLE = 'grid_rows grid_cols\\n)(2 4)(\\n')"), _to("2 4 1")),
    # (a ValueError from loadtxt: the header row read as numbers, before any launch) skiprows dropped.
    ("control_flow.fh19_loadtxt_no_skip", C(r"(np\.loadtxt\(io\.StringIO\(TABLE\))(, skiprows=1)(, dtype=int\))"), _to("")),
    # (a ValueError, before any launch) a comma-separated row: loadtxt splits on whitespace, '2,4' is one token.
    ("control_flow.fh19_loadtxt_commas", C(r"(TABLE = 'grid_rows grid_cols\\n)(2 4)(\\n')"), _to("2,4")),
    # lowering (minor tiling does not fit swizzle) a (2, 16) grid: 32-column blocks under 64-element tiles.
    ("swizzle_tiling.fh19_loadtxt_grid_16", C(r"(TABLE = 'grid_rows grid_cols\\n2 )(4)(\\n')"), _to("16")),
    # (SMEM: a (256, 512) bf16 block is 256 KiB) a (1, 1) grid.
    ("copy_tma.fh19_loadtxt_grid_1", C(r"(TABLE = 'grid_rows grid_cols\\n)(2 4)(\\n')"), _to("1 1")),
    # (a ValueError: loadtxt cannot read 2.5 as int, before any launch).
    ("control_flow.fh19_loadtxt_fraction", C(r"(TABLE = 'grid_rows grid_cols\\n)(2)( 4\\n')"), _to("2.5")),
    # (an unbound axis name) axis_index('col').
    ("axis_unknown.fh19_loadtxt_axis", C(r"(cols = pl\.ds\(lax\.axis_index\(')(c)('\))"), _to("col")),

    # ============================================================ ntpath_allreduce (ntpath)
    # (jax-facts.md: "Only add is supported for f32") a file named max_2.
    ("reduction_dtype.fh19_ntpath_max", C(r"(CONFIG_PATH = r'C:\\mgpu\\nodes\\)(add)(_2\.cfg')"), _to("max")),
    # (jax-facts.md: "Only 32-, 64- and 128-bit loads") vector 8.
    ("layout_unsupported.fh19_ntpath_vec_8", C(r"(CONFIG_PATH = r'C:\\mgpu\\nodes\\add_)(2)(\.cfg')"), _to("8")),
    # (expected clean) vector 4 (128-bit loads of f32).
    ("layout_unsupported.fh19_ntpath_vec_4", C(r"(CONFIG_PATH = r'C:\\mgpu\\nodes\\add_)(2)(\.cfg')"), _to("4")),
    # (expected clean: jax-facts.md, f32 with vec_size 1 is a 32-bit load) vector 1.
    ("layout_unsupported.fh19_ntpath_vec_1", C(r"(CONFIG_PATH = r'C:\\mgpu\\nodes\\add_)(2)(\.cfg')"), _to("1")),
    # (a ValueError, before any launch) a file name with no vector part: one value for two names.
    ("control_flow.fh19_ntpath_no_vec", C(r"(CONFIG_PATH = r'C:\\mgpu\\nodes\\add)(_2)(\.cfg')"), _to("")),
    # (expected clean) forward slashes: ntpath splits on them too.
    ("kernel_mesh_config.fh19_ntpath_slashes", C(r"^(CONFIG_PATH = )(r'C:\\mgpu\\nodes\\add_2\.cfg')()"), _to("'C:/mgpu/nodes/add_2.cfg'")),
    # (expected clean) the folder 'nodes' dropped: the axis 'mgpu' for mesh and kernel alike.
    ("kernel_mesh_config.fh19_ntpath_axis_mgpu", C(r"(CONFIG_PATH = r'C:\\mgpu\\)(nodes\\)(add_2\.cfg')"), _to("")),
    # (jax-facts.md: a string is a set of letters) collective_axes=AXIS for the axis 'nodes'.
    ("shard_map_axis_names_subset.fh19_ntpath_axis_str", C(r"(collective_axes=)(\(AXIS,\))(, reduction_op=OP)"), _to("AXIS")),
    # (jax-facts.md: Lane only) the layout_cast dropped.
    ("layout_missing.fh19_ntpath_no_cast",
     C(r"^(\s+)(total = plgpu\.layout_cast\(total, plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\)\))()"), _to("pass")),

    # ============================================================ adler32_dtype (zlib.adler32)
    # ? b'neg': adler32 % 3 is 2, the f32 variant ((8, 32) tiles under a 128-byte swizzle).
    ("ops_dtypes.fh19_adler_name_neg", C(r"(KERNEL_NAME = b')(negate)(')"), _to("neg")),
    # (expected clean) b'negative': adler32 % 3 is 1 as well, bf16.
    ("ops_dtypes.fh19_adler_name_negative", C(r"(KERNEL_NAME = b')(negate)(')"), _to("negative")),
    # (a TypeError, before any launch) a str name: adler32 wants bytes.
    ("control_flow.fh19_adler_str_name", C(r"^(KERNEL_NAME = )(b)('negate')"), _to("")),
    # ? the variants reordered (bf16, f32, f32): index 1 is f32.
    ("ops_dtypes.fh19_adler_variants_order", C(r"(VARIANTS = \()(jnp\.float16, jnp\.bfloat16)(, jnp\.float32\))"), _to("jnp.bfloat16, jnp.float32")),
    # ? an int8 variant at index 1: (8, 128) tiles over 128 columns, negated in SMEM.
    ("ops_dtypes.fh19_adler_int8", C(r"(VARIANTS = \(jnp\.float16, jnp\.)(bfloat16)(, jnp\.float32\))"), _to("int8")),
    # (a ZeroDivisionError, before any launch) no variants.
    ("control_flow.fh19_adler_no_variants", C(r"^(VARIANTS = )(\(jnp\.float16, jnp\.bfloat16, jnp\.float32\))()"), _to("()")),
    # lowering.py:1931 (tiling does not fit) 96 columns under 64-element tiles.
    ("swizzle_tiling.fh19_adler_cols_96", C(r"^(ROWS, COLS = 64, )(128)()(?=\s*$)"), _to("96")),
    # ? 36 rows: not a multiple of the 8-row tile.
    ("swizzle_tiling.fh19_adler_rows_36", C(r"^(ROWS, COLS = )(64)(, 128)"), _to("36")),
    # (swizzle must be 32, 64 or 128) a 16-byte swizzle.
    ("swizzle_tiling.fh19_swizzle_16", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("16")),

    # ============================================================ normaldist_swizzle_pipeline (statistics.NormalDist.from_samples)
    # (a 256-byte swizzle) widths around 256.
    ("swizzle_tiling.fh19_normal_mean_256", C(r"(ROW_BYTES_SEEN = \[)(112, 128, 144)(\])"), _to("240, 256, 272")),
    # (expected clean) widths around 64: a 64-byte swizzle, (64, 32) blocks.
    ("swizzle_tiling.fh19_normal_mean_64", C(r"(ROW_BYTES_SEEN = \[)(112, 128, 144)(\])"), _to("48, 64, 80")),
    # (swizzle must be 32, 64 or 128) a mean of 120.
    ("swizzle_tiling.fh19_normal_mean_120", C(r"(ROW_BYTES_SEEN = \[112, 128, )(144)(\])"), _to("120")),
    # (statistics.StatisticsError: from_samples needs two points, before any launch) one sample.
    ("control_flow.fh19_normal_one_sample", C(r"(ROW_BYTES_SEEN = \[)(112, 128, 144)(\])"), _to("128")),
    # (swizzle must be 32, 64 or 128) the fitted stdev, 16, instead of the mean.
    ("swizzle_tiling.fh19_normal_stdev", C(r"(NormalDist\.from_samples\(ROW_BYTES_SEEN\)\.)(mean)(\))"), _to("stdev")),
    # (expected clean) the median: 128 as well.
    ("swizzle_tiling.fh19_normal_median", C(r"(NormalDist\.from_samples\(ROW_BYTES_SEEN\)\.)(mean)(\))"), _to("median")),
    # (a TypeError, before any launch) the constructor given the samples as its mean: int() of a list.
    ("control_flow.fh19_normal_ctor", C(r"(statistics\.NormalDist)(\.from_samples)(\(ROW_BYTES_SEEN\))"), _to("")),
    # lowering.py:1931 (minor tiling does not fit swizzle) a tiling of half the block's columns.
    ("swizzle_tiling.fh19_tiling_half_block", C(r"(plgpu\.TilingTransform\(\(8, )(BLOCK\[1\])(\)\))"), _to("BLOCK[1] // 2")),

    # ============================================================ linear_regression_depth (statistics.linear_regression)
    # pipeline (max_concurrent_steps must be positive) an intercept of 0.
    ("pipeline.fh19_linreg_intercept_0", C(r"(MICROSECONDS = \[)(5, 7, 9, 11)(\])"), _to("2, 4, 6, 8")),
    # (expected clean) an intercept of 1.
    ("pipeline.fh19_linreg_intercept_1", C(r"(MICROSECONDS = \[)(5, 7, 9, 11)(\])"), _to("3, 5, 7, 9")),
    # ? a negative intercept: -1.
    ("pipeline.fh19_linreg_intercept_negative", C(r"(MICROSECONDS = \[)(5, 7, 9, 11)(\])"), _to("1, 3, 5, 7")),
    # (statistics.StatisticsError: x is constant, before any launch).
    ("control_flow.fh19_linreg_constant_x", C(r"(STEPS_MEASURED = \[)(1, 2, 3, 4)(\])"), _to("2, 2, 2, 2")),
    # (expected clean?) the slope (2) as the depth.
    ("pipeline.fh19_linreg_slope", C(r"(DEPTH = int\(round\(FIT\.)(intercept)(\)\))"), _to("slope")),
    # (statistics.StatisticsError: unequal lengths, before any launch).
    ("control_flow.fh19_linreg_short", C(r"(MICROSECONDS = \[5, 7, 9)(, 11)(\])"), _to("")),
    # ? a depth past the step count: an intercept of 20 over 12 steps.
    ("pipeline.fh19_linreg_intercept_20", C(r"(MICROSECONDS = \[)(5, 7, 9, 11)(\])"), _to("22, 24, 26, 28")),

    # ============================================================ copysign_remote (math.copysign)
    # (expected clean) a positive zero: the next device (on two devices the same peer).
    ("kernel_mesh_config.fh19_copysign_positive", C(r"^(DIRECTION = )(-0\.0)()(?=\s*$)"), _to("0.0")),
    # primitives.py:5103 "`device_id`s must be int32 values": a float offset.
    ("kernel_mesh_config.fh19_copysign_float", C(r"^(OFFSET = )(int\(math\.copysign\(1, DIRECTION\)\))()"), _to("math.copysign(1, DIRECTION)")),
    # (expected clean?) a two-hop magnitude: each device writes to itself.
    ("kernel_mesh_config.fh19_copysign_two", C(r"(OFFSET = int\(math\.copysign\()(1)(, DIRECTION\)\))"), _to("2")),
    # (a TypeError, before any launch) copysign of a string direction.
    ("control_flow.fh19_copysign_str", C(r"^(DIRECTION = )(-0\.0)()(?=\s*$)"), _to("'-'")),
    # (an unbound axis name) axis_index('peer').
    ("axis_unknown.fh19_copysign_axis_literal", C(r"(lax\.rem\(lax\.axis_index\()(AXIS)(\) \+ OFFSET)"), _to("'peer'")),
    # (a (ROWS, COLS) value stored into a half-height output: copysign_remote's remote ref, or a TMA store).
    ("ref_store.fh19_out_rows_half", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(ROWS)(, COLS\), jnp\.float32\))"), _to("ROWS // 2")),
    # (a TypeError: one semaphore for a kernel of four refs, in its trace).
    ("control_flow.fh19_copysign_one_sem", C(r"(scratch_types=\[plgpu\.SemaphoreType\.REGULAR)(, plgpu\.SemaphoreType\.REGULAR)(\])"), _to("")),
    # ? a barrier semaphore for the first handshake.
    ("kernel_mesh_config.fh19_copysign_sem_barrier", C(r"(scratch_types=\[plgpu\.SemaphoreType\.)(REGULAR)(, plgpu\.SemaphoreType\.REGULAR\])"), _to("BARRIER")),

    # ============================================================ median_grouped_registers (statistics.median_grouped)
    # primitives.py:3544 "n must be a positive multiple of 8": classes of 4 (230).
    ("kernel_mesh_config.fh19_grouped_interval_4", C(r"(statistics\.median_grouped\(CONSUMER_SAMPLES, )(8)(\)\))"), _to("4")),
    # (expected clean) samples around 240.
    ("kernel_mesh_config.fh19_grouped_samples_240", C(r"(CONSUMER_SAMPLES = \[)(224, 232, 240)(\])"), _to("232, 240, 248")),
    # ? samples around 256: more registers than a thread may hold.
    ("kernel_mesh_config.fh19_grouped_samples_256", C(r"(CONSUMER_SAMPLES = \[)(224, 232, 240)(\])"), _to("248, 256, 264")),
    # (statistics.StatisticsError: no median for empty data, before any launch).
    ("control_flow.fh19_grouped_empty", C(r"(CONSUMER_SAMPLES = \[)(224, 232, 240)(\])"), _to("")),
    # ? an even sample count: the grouped median interpolated between the two classes.
    ("kernel_mesh_config.fh19_grouped_even", C(r"(CONSUMER_SAMPLES = \[224, 232)(, 240)(\])"), _to("")),
    # (expected clean) median_high: 232 as well.
    ("kernel_mesh_config.fh19_grouped_high", C(r"(HIGH = int\(statistics\.)(median_grouped)(\(CONSUMER_SAMPLES, 8\)\))"), _to("median_high")),
    # primitives.py:3544 (a multiple of 8) LOW 44.
    ("kernel_mesh_config.fh19_grouped_low_44", C(r"^(LOW = )(40)()(?=\s*$)"), _to("44")),
    # (a TypeError in the trace: the body turns the int carry into a float) an int start.
    ("ops_dtypes.fh19_carry_int", C(r"(lambda i, s: s \+ 1\.0, )(jnp\.float32\(0\.0\))(\))"), _to("0")),

    # ============================================================ intersection_rows (set.intersection)
    # (expected clean) 256 allowed by SMEM too: 256-row blocks, 64 KiB of f16, two CTAs.
    ("blockspec_grid.fh19_inter_smem_256", C(r"(BY_SMEM = \{32, 64, 128)()(\})"), _to(", 256")),
    # (a ValueError: max of an empty set, before any launch) disjoint heights.
    ("control_flow.fh19_inter_disjoint", C(r"(BY_SMEM = \{)(32, 64, 128)(\})"), _to("32, 96")),
    # ? 96-row blocks: 96 allowed by both.
    ("blockspec_grid.fh19_inter_96", C(r"(BY_TMA = \{64, 128, 256)()(\})"), _to(", 96")),
    # (expected clean) the smallest common height: 64-row blocks, eight CTAs.
    ("blockspec_grid.fh19_inter_min", C(r"^(BLOCK_ROWS = )(max)(\(BY_TMA\.intersection\(BY_SMEM\)\))"), _to("min")),
    # ? the union instead: 256-row blocks.
    ("blockspec_grid.fh19_inter_union", C(r"(BLOCK_ROWS = max\(BY_TMA\.)(intersection)(\(BY_SMEM\)\))"), _to("union")),
    # (TMA: at most 256 elements along a dimension) 512 allowed by both: one 512-row block.
    ("copy_tma.fh19_inter_512", C(r"(BY_TMA = \{64, 128, 256)()(\})"), _to(", 512")),
    # lowering.py:1931 (minor tiling does not fit) 48 columns.
    ("swizzle_tiling.fh19_inter_cols_48", C(r"^(ROWS, COLS = 512, )(64)()(?=\s*$)"), _to("48")),
    # (an unbound axis name) axis_index('row').
    ("axis_unknown.fh19_inter_axis", C(r"(lax\.axis_index\(')(blk)('\))"), _to("row")),

    # ============================================================ isdisjoint_arrivals (set.isdisjoint)
    # (a TypeError in the kernel's trace) the output aliases operand 'a': three operands loaded, combine wants four.
    ("control_flow.fh19_disjoint_alias", C(r"(OUTPUTS = \(')(o)(',\))"), _to("a")),
    # (a TypeError in the kernel's trace) a fifth operand name: five values for a four-parameter combine.
    ("control_flow.fh19_disjoint_five", C(r"(OPERANDS = \('a', 'b', 'c', 'd')()(\))"), _to(", 'e'")),
    # (expected clean) two outputs, neither an operand.
    ("barrier.fh19_disjoint_two_outputs", C(r"(OUTPUTS = \('o',)()(\))"), _to(" 'p'")),
    # (expected clean: arrival counts are not checked) one arrival short.
    ("barrier.fh19_disjoint_arrivals", C(r"(plgpu\.Barrier\(num_arrivals=NUM_OPERANDS)()(\))"), _to(" - 1")),
    # (expected clean) OUTPUTS the bare string 'o': set('o') is {'o'} still.
    ("barrier.fh19_disjoint_str_output", C(r"^(OUTPUTS = )(\('o',\))()"), _to("'o'")),
    # (a TypeError in the kernel's trace) a three-operand combine for four loads.
    ("control_flow.fh19_disjoint_combine_three", C(r"^(def combine\(a, b, c)(, d)(\):)"), _to("")),
    # primitives.py "Expected shapes to match": a half-height SMEM buffer.
    ("copy_tma.fh19_disjoint_smem_half", C(r"(plgpu\.SMEM\()(SHAPE)(, DTYPE\) for _ in range)"), _to("(SHAPE[0] // 2, SHAPE[1])")),
    # primitives.py:227 "Expected dtypes to match": f16 SMEM for f32 inputs.
    ("ops_dtypes.fh19_disjoint_smem_f16", C(r"(plgpu\.SMEM\(SHAPE, )(DTYPE)(\) for _ in range)"), _to("jnp.float16")),

    # ============================================================ wrapped_layers_block (functools.wraps' __wrapped__)
    # (expected clean) two layers: 128-row blocks, three CTAs.
    ("blockspec_grid.fh19_wrapped_two_layers", C(r"^(UPDATE = )(stage\(stage\(stage\(relax\)\)\))()"), _to("stage(stage(relax))")),
    # (a ZeroDivisionError, before any launch) the update not wrapped: no layers, no block rows.
    ("control_flow.fh19_wrapped_none", C(r"^(UPDATE = )(stage\(stage\(stage\(relax\)\)\))()"), _to("relax")),
    # (TMA: at most 256 elements along a dimension) five layers: one 320-row block.
    ("copy_tma.fh19_wrapped_five_layers", C(r"^(UPDATE = )(stage\(stage\(stage\(relax\)\)\))()"), _to("stage(stage(stage(stage(stage(relax)))))")),
    # (a ZeroDivisionError, before any launch) a misspelt attribute: no link is followed.
    ("control_flow.fh19_wrapped_attr_typo", C(r"(while hasattr\(probe, ')(__wrapped__)('\):)"), _to("__wrapped")),
    # (expected clean) 32 rows per layer: 96-row blocks, four CTAs.
    ("blockspec_grid.fh19_wrapped_rows_per_layer_32", C(r"^(BLOCK_ROWS = )(64)( \* LAYERS)"), _to("32")),
    # ? 400 rows: two 192-row CTAs cover 384.
    ("blockspec_grid.fh19_wrapped_rows_400", C(r"^(ROWS, COLS = )(384)(, 128)"), _to("400")),
    # (an f16 value stored into an f32 SMEM ref) the update casts to f16.
    ("ops_dtypes.fh19_wrapped_update_f16", C(r"^(  return )(value \* 0\.5 \+ 1\.0)()(?=\s*$)"), _to("(value * 0.5 + 1.0).astype(jnp.float16)")),
    # (a TypeError in the kernel's trace) the wrapper passes two arguments.
    ("control_flow.fh19_wrapped_extra_arg", C(r"^(    return fn\()(value)(\))"), _to("value, value")),
    # launch_context (TMA: 8 bytes along the minor dimension) one column.
    ("copy_tma.fh19_cols_128_to_1", C(r"^(ROWS, COLS = 384, )(128)()"), _to("1")),
    # (an unbound axis name) axis_index('j').
    ("axis_unknown.fh19_axis_i_to_j", C(r"(lax\.axis_index\(')(i)('\) \* BLOCK_ROWS)"), _to("j")),

    # ============================================================ issuperset_wgs (set.issuperset)
    # ? the memory role given 'mma' too: three compute warpgroups in a kernel of three threads.
    ("pipeline.fh19_superset_memory_mma", C(r"^(    'memory': \{'tma', 'smem')()(\},)"), _to(", 'mma'")),
    # (a ZeroDivisionError, before any launch) compute needs 'tma' as well: no role qualifies.
    ("control_flow.fh19_superset_needs_tma", C(r"^(NEEDS = \{'mma', 'smem')()(\})"), _to(", 'tma'")),
    # ? issubset instead: only the epilogue's set is inside NEEDS, one compute warpgroup among three threads.
    ("pipeline.fh19_superset_issubset", C(r"(sum\(caps\.)(issuperset)(\(NEEDS\) for caps in ROLES\.values\(\)\))"), _to("issubset")),
    # ? compute needs only 'smem': all three roles qualify, three compute warpgroups in three threads.
    ("pipeline.fh19_superset_needs_smem", C(r"^(NEEDS = \{)('mma', )('smem'\})"), _to("")),
    # (expected clean?) the epilogue role dropped: one compute warpgroup, two threads.
    ("pipeline.fh19_superset_no_epilogue", C(r"^(    )('epilogue': \{'mma', 'smem'\},)()(?=\s*$)"), _to("")),
    # (expected clean) NEEDS as a list: issuperset takes any iterable.
    ("control_flow.fh19_superset_needs_list", C(r"^(NEEDS = )(\{'mma', 'smem'\})()(?=\s*$)"), _to("['mma', 'smem']")),
    # (a ZeroDivisionError, before any launch) NEEDS the string 'mma': a set of the letters m and a.
    ("control_flow.fh19_superset_needs_str", C(r"^(NEEDS = )(\{'mma', 'smem'\})()(?=\s*$)"), _to("'mma'")),
    # (an unbound axis name) wg_axis 'w' while the kernel reads 'wg'.
    ("axis_unknown.fh19_wg_axis_w", C(r"(wg_axis=')(wg)(')"), _to("w")),

    # ============================================================ popcount_multimem (bin().count)
    # ? a mask of three bits: a three-device mesh.
    ("kernel_mesh_config.fh19_popcount_three", C(r"^(MASK = )(0b0101)()(?=\s*$)"), _to("0b0111")),
    # (a ValueError: a mesh of 0 devices, before any launch) an empty mask.
    ("control_flow.fh19_popcount_empty", C(r"^(MASK = )(0b0101)()(?=\s*$)"), _to("0b0000")),
    # (expected clean?) one device: a one-device mesh, a self-signal.
    ("kernel_mesh_config.fh19_popcount_one", C(r"^(MASK = )(0b0101)()(?=\s*$)"), _to("0b0100")),
    # (expected clean) the '0' characters of bin(5) = '0b101', the prefix's included: 2 as well.
    ("kernel_mesh_config.fh19_popcount_zeros", C(r"(DEVICES = bin\(MASK\)\.count\(')(1)('\))"), _to("0")),
    # (jax-facts.md: WGMMA layout of bf16 fails) a bf16 tile.
    ("layout_unsupported.fh19_popcount_bf16", C(r"(jnp\.full\(SHAPE, 2\.0, jnp\.)(float32)(\))"), _to("bfloat16")),
    # primitives.py:5810 (collective axes must cover the mesh) 'y'.
    ("shard_map_axis_names_subset.fh19_popcount_axis_y", C(r"(plgpu\.multimem_store\(tile, y_ref, )(AXIS)(\))"), _to("'y'")),
    # (jax-facts.md: a list as collective_axes is a trace-time TypeError).
    ("shard_map_axis_names_subset.fh19_popcount_axis_list", C(r"(plgpu\.multimem_store\(tile, y_ref, )(AXIS)(\))"), _to("[AXIS]")),
    # (Lane: an iota / splat without layout_cast) the layout_cast dropped.
    ("layout_missing.fh19_popcount_no_cast", C(r"(tile = )(plgpu\.layout_cast\(jnp\.full\(SHAPE, 2\.0, jnp\.float32\), plgpu\.Layout\.WGMMA\))()"),
     _to("jnp.full(SHAPE, 2.0, jnp.float32)")),

    # ============================================================ chr_ord_signal (chr / ord)
    # (expected clean) base 'x': the axis 'y' for mesh and kernel alike.
    ("axis_unknown.fh19_chr_base_x", C(r"^(BASE = ')(w)(')"), _to("x")),
    # (a TypeError: ord of a two-letter string, before any launch).
    ("control_flow.fh19_chr_two_letters", C(r"^(BASE = ')(w)(')"), _to("wx")),
    # primitives.py:6010 "collective_axes (...) must equal entire mesh axes": the base letter as the axis.
    ("shard_map_axis_names_subset.fh19_chr_base_axis", C(r"(plgpu\.semaphore_signal_multicast\(sem, collective_axes=)(AXIS)(\))"), _to("BASE")),
    # (expected clean) a tuple of the axis.
    ("shard_map_axis_names_subset.fh19_chr_axis_tuple", C(r"(plgpu\.semaphore_signal_multicast\(sem, collective_axes=)(AXIS)(\))"), _to("(AXIS,)")),
    # (expected clean: the count is not checked in lowering) waiting for three signals.
    ("kernel_mesh_config.fh19_chr_wait_3", C(r"(pl\.semaphore_wait\(sem, )(DEVICES)(\))"), _to("DEVICES + 1")),
    # ? an f32 output filled with the int32 axis index.
    ("ops_dtypes.fh19_chr_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(SHAPE, jnp\.)(int32)(\))"), _to("float32")),
    # (expected clean?) a (100,) output: a splat store of 100 elements.
    ("ref_store.fh19_chr_shape_100", C(r"^(SHAPE = \()(256)(,\))"), _to("100")),

    # ============================================================ hasattr_wgmma (hasattr)
    # (expected clean?) the config's swizzle attribute looked up under another name: the 64-byte default, (8, 32) tiles.
    ("swizzle_tiling.fh19_hasattr_swizzle_renamed", C(r"(CONFIG\.swizzle if hasattr\(CONFIG, ')(swizzle)('\) else 64)"), _to("swizzle_bytes")),
    # ? the tile_k attribute misspelt in the test: K falls back to 32 (a 32-deep K under 64-element tiles).
    ("wgmma_mma.fh19_hasattr_tile_k_typo", C(r"(CONFIG\.tile_k if hasattr\(CONFIG, ')(tile_k)('\) else 32)"), _to("tile_K")),
    # (expected clean) a 64-byte swizzle set on the config: (8, 32) tiles.
    ("swizzle_tiling.fh19_hasattr_swizzle_64", C(r"^(  swizzle = )(128)()(?=\s*$)"), _to("64")),
    # (a 256-byte swizzle) the config's swizzle 256.
    ("swizzle_tiling.fh19_hasattr_swizzle_256", C(r"^(  swizzle = )(128)()(?=\s*$)"), _to("256")),
    # (expected clean) the class itself: hasattr finds the same attributes.
    ("kernel_mesh_config.fh19_hasattr_class", C(r"^(CONFIG = )(Config\(\))()"), _to("Config")),
    # ? a 48-deep K.
    ("wgmma_mma.fh19_hasattr_tile_k_48", C(r"^(  tile_k = )(64)()(?=\s*$)"), _to("48")),

    # ============================================================ reduce_scatter / all_gather (ops/gpu)
    # (jax-facts.md: "Only add is supported for f32"; f16 and int32 take max) reduction "max".
    ("reduction_dtype.fh19_coll_max", C(r"^(reduction(?:, vec_size)?(?:, num_blocks)? = |dtype, reduction, vec_size = jnp\.\w+, )(\"add\")()"), _to("\"max\"")),
    # (jax-facts.md: unknown names) reduction "sum".
    ("reduction_dtype.fh19_coll_sum", C(r"^(reduction(?:, vec_size)?(?:, num_blocks)? = |dtype, reduction, vec_size = jnp\.\w+, )(\"add\")()"), _to("\"sum\"")),
    # (jax-facts.md: and / or / xor are for integers) reduction "xor".
    ("reduction_dtype.fh19_coll_xor", C(r"^(reduction(?:, vec_size)?(?:, num_blocks)? = |dtype, reduction, vec_size = jnp\.\w+, )(\"add\")()"), _to("\"xor\"")),
    # (jax-facts.md: "Only 32-, 64- and 128-bit loads"; ops: "Integer types only support vec_size=1") vec_size 8.
    ("layout_unsupported.fh19_coll_vec_8",
     C(r"^((?:dtype, )?(?:reduction, )?vec_size(?:, num_blocks)? = (?:jnp\.\w+, )?(?:\"add\", )?)(1|4|None)()(?=,|\s*$)"), _to("8")),
    # (ops: the output size must divide by vec_size? 3 divides none of these sizes) vec_size 3.
    ("layout_unsupported.fh19_coll_vec_3",
     C(r"^((?:dtype, )?(?:reduction, )?vec_size(?:, num_blocks)? = (?:jnp\.\w+, )?(?:\"add\", )?)(1|4|None)()(?=,|\s*$)"), _to("3")),
    # (ops: "tile_size=... is smaller than minimum required") tile_size 64.
    ("copy_tma.fh19_coll_tile_64", C(r"^(tile_size(?:, num_blocks)? = )(\d+)()"), _to("64")),
    # ? tile_size 3000: not a multiple of the transfer size.
    ("copy_tma.fh19_coll_tile_3000", C(r"^(tile_size(?:, num_blocks)? = )(\d+)()"), _to("3000")),
    # (a ZeroDivisionError or a lowering error) num_blocks 0.
    ("kernel_mesh_config.fh19_coll_blocks_0", C(r"^(tile_size, num_blocks = \d+, |reduction, vec_size, num_blocks = \"add\", None, |vec_size, num_blocks = None, )(4)()"), _to("0")),
    # (expected clean) num_blocks 3.
    ("kernel_mesh_config.fh19_coll_blocks_3", C(r"^(tile_size, num_blocks = \d+, |reduction, vec_size, num_blocks = \"add\", None, |vec_size, num_blocks = None, )(4)()"), _to("3")),
    # (ops: "scatter_dimension ... out of bounds" / a gather dimension past the rank) dimension 3.
    ("blockspec_grid.fh19_coll_dim_3", C(r"^((?:scatter|gather)_dimension = )(0|axis)()(?=\s*$)"), _to("3")),
    # ? the last dimension (-1): the minor dimension scattered / gathered.
    ("blockspec_grid.fh19_coll_dim_last", C(r"^((?:scatter|gather)_dimension = )(0|axis)()(?=\s*$)"), _to("-1")),
    # (ops: "Output size must be divisible by 128") 1026 rows: 513 x 64 output elements.
    ("blockspec_grid.fh19_coll_rows_1026", C(r"^(shape, dtype = \()(1024)(, 64\))"), _to("1026")),
    # (ops: "must be divisible by number of devices") 1023 rows.
    ("blockspec_grid.fh19_coll_rows_1023", C(r"^(shape, dtype = \()(1024|512)(, )"), _to("1023")),
    # (jax-facts.md: int8 loads are 8-bit, "Only 32-, 64- and 128-bit loads") int8 data.
    ("ops_dtypes.fh19_coll_int8", C(r"^(shape, dtype = \([\d, ]+\), )(dtype|jnp\.\w+)()(?=\s*$)"), _to("jnp.int8")),
    # (expected clean) bf16 data.
    ("ops_dtypes.fh19_coll_bf16", C(r"^(shape, dtype = \([\d, ]+\), )(dtype|jnp\.\w+)()(?=\s*$)"), _to("jnp.bfloat16")),
    # (an unbound axis name: the mesh axis 'y', the kernel's or the op's 'x').
    ("axis_unknown.fh19_mesh_axis_x_to_y", C(r"(mesh = jax\.sharding\.Mesh\(devices, \[)(\"x\")(\]\))"), _to("\"y\"")),
    # (jax-facts.md: a multi-letter axis name fails inside the ops) axis_name "xx".
    ("shard_map_axis_names_subset.fh19_coll_axis_name", C(r"^(\s+axis_name=)(\"x\")(,)"), _to("\"xx\"")),
    # ? the patched kernel's semantics Warpgroup.
    ("compiler_params.fh19_coll_semantics_wg", C(r"^(\s+lowering_semantics=plgpu\.LoweringSemantics\.)(Lane)(,)"), _to("Warpgroup")),

    # ============================================================ jax_hopper_matmul_grid_tiling / jax_hopper_mixed_type_matmul_grid_tiling
    # (ops: "k=... must be divisible by tile_k") tile_k 48.
    ("blockspec_grid.fh19_hm_tile_k_48", C(r"^(tile_m, tile_n, tile_k = 64, 64, )(64)()"), _to("48")),
    # (ops: "m=... must be divisible by ...") tile_m 96.
    ("blockspec_grid.fh19_hm_tile_m_96", C(r"^(tile_m, tile_n, tile_k = )(64)(, 64, 64)"), _to("96")),
    # ("Mosaic GPU kernel exceeds available shared memory"?) eight concurrent steps.
    ("pipeline.fh19_hm_steps_8", C(r"^(max_concurrent_steps = )(2)()(?=\s*$)"), _to("8")),
    # (expected clean) another parameter set: grid tile width 3.
    ("blockspec_grid.fh19_hm_tile_width_3", C(r"^(grid_minor_dim, grid_tile_width = hopper_matmul_mgpu\.MatmulDimension\.M, )(1)()"), _to("3")),
    # (expected clean) another parameter set: the grid's minor dimension N.
    ("blockspec_grid.fh19_hm_minor_n", C(r"^(grid_minor_dim, grid_tile_width = hopper_matmul_mgpu\.MatmulDimension\.)(M)(, 1)"), _to("N")),
    # (ops: "tile_m=... must be divisible by epi_tile_m=..." or a lowering error) epilogue tiles of 48 rows.
    ("blockspec_grid.fh19_hm_epi_48", C(r"^(epi_tile_m, epi_tile_n = )(64)(, 64)"), _to("48")),
    # (expected clean?) the warpgroups along N.
    ("kernel_mesh_config.fh19_hm_wg_n", C(r"^(wg_dimension = hopper_matmul_mgpu\.MatmulDimension\.)(M)()(?=\s*$)"), _to("N")),
    # (ops: m must divide by the CTA tile) m 4000.
    ("blockspec_grid.fh19_hm_m_4000", C(r"^(m, k, n = )(4096)(, 4096, 4096)"), _to("4000")),
    # (ops: "Unbenchmarked dtype combination") an f16 LHS for the mixed kernel? the same dtypes: ValueError.
    ("ops_dtypes.fh19_hm_mixed_same", C(r"^(lhs_dtype, rhs_dtype = jnp\.)(int8)(, jnp\.float16)"), _to("float16")),
    # (expected clean) a bf16 RHS (a benchmarked combination).
    ("ops_dtypes.fh19_hm_mixed_bf16", C(r"^(lhs_dtype, rhs_dtype = jnp\.int8, jnp\.)(float16)()"), _to("bfloat16")),
    # ? a bf16 matmul.
    ("ops_dtypes.fh19_hm_bf16", C(r"^(dtype = jnp\.)(float16)()(?=\s*$)"), _to("bfloat16")),

    # ============================================================ jax_remote_dma_with_retries
    # (expected clean) one call.
    ("kernel_mesh_config.fh19_retries_1", C(r"(for _ in range\()(51)(\):)"), _to("1")),
    # (a value of (8, 128) stored into a (16, 128) ref).
    ("ref_store.fh19_retries_out_16", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(8)(, 128\), jnp\.float32\))"), _to("16")),
    # (an unbound axis name: the mesh axis 'y', the kernel's 'x').
    ("axis_unknown.fh19_retries_mesh_y", C(r"(mesh = jax\.sharding\.Mesh\(devices, \[')(x)('\]\))"), _to("y")),
    # primitives.py:5103 "`device_id`s must be int32 values": a float peer.
    ("kernel_mesh_config.fh19_retries_device_float", C(r"(other_dev_id = )(1)( - lax\.axis_index\('x'\))"), _to("1.0")),
    # (a TypeError: one semaphore for a kernel of four refs, in its trace).
    ("control_flow.fh19_retries_one_sem", C(r"^(\s+)(plgpu\.SemaphoreType\.REGULAR,)()(?=\s*$)"), _to("")),
    # (an int32 input copied into an f32 output).
    ("ops_dtypes.fh19_retries_int_input", C(r"(x = jnp\.arange\(2 \* 8 \* 128\.0, dtype=jnp\.)(float32)(\))"), _to("int32")),

    # ============================================================ jax_semaphore_signal_multicast_collective_axes_warp_level
    # primitives.py:6010 "collective_axes (...) must equal entire mesh axes": 'y'.
    ("shard_map_axis_names_subset.fh19_warp_mcast_axis_y", C(r"(collective_axes=\")(x)(\"\))"), _to("y")),
    # ? a one-slot semaphore array indexed at 1.
    ("kernel_mesh_config.fh19_warp_sem_1", C(r"(plgpu\.SemaphoreType\.REGULAR\(\()(2)(,\)\))"), _to("1")),
    # (expected clean: the value is not checked) waiting for two signals.
    ("kernel_mesh_config.fh19_warp_wait_2", C(r"(pl\.semaphore_wait\(sem\.at\[0\], )(1)(\))"), _to("2")),
    # (an int32 semaphore value stored into an f32 ref?) an f32 output for the semaphore values.
    ("ops_dtypes.fh19_warp_sem_out_f32", C(r"(jax\.ShapeDtypeStruct\(\(2,\), jnp\.)(int32)(\))"), _to("float32")),
    # ? an int32 (8, 128) output written with f32 values.
    ("ops_dtypes.fh19_out_8x128_int32", C(r"(jax\.ShapeDtypeStruct\(\(8, 128\), jnp\.)(float32)(\))"), _to("int32")),

    # ============================================================ jax_wait_for_barrier_twice / jax_warps_get_parent_warpgroups_barrier_phase
    # ? a barrier array of one indexed at 1.
    ("barrier.fh19_twice_one_barrier", C(r"(plgpu\.Barrier\(num_arrivals=1, num_barriers=)(2)(\))"), _to("1")),
    # (expected clean: the threads are not checked against the waits) two threads.
    ("kernel_mesh_config.fh19_twice_threads_2", C(r"^(\s+num_threads=)(3)(,)"), _to("2")),
    # (an unbound axis name) thread_name 'w' with axis_index('t').
    ("axis_unknown.fh19_twice_thread_name", C(r"(thread_name=')(t)(')"), _to("w")),
    # (expected clean: arrival counts are not checked) two arrivals.
    ("barrier.fh19_twice_arrivals_2", C(r"(plgpu\.Barrier\(num_arrivals=)(1)(, num_barriers=2\))"), _to("2")),
    # ? an f32 scalar output written with ints.
    ("ops_dtypes.fh19_scalar_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(\), jnp\.)(int32)(\))"), _to("float32")),
    # ? a (1,) output written with [...] = scalar.
    ("ref_store.fh19_scalar_out_1", C(r"(out_type=jax\.ShapeDtypeStruct\()(\(\))(, jnp\.int32\))"), _to("(1,)")),
    # ? a zero-arrival barrier.
    ("barrier.fh19_parent_arrivals_0", C(r"^(\s+barrier=plgpu\.Barrier\(num_arrivals=)(1)(\),)"), _to("0")),
    # ? a float written into the int32 scalar.
    ("ops_dtypes.fh19_parent_float_value", C(r"^(  out_ref\[\.\.\.\] = )(42)()(?=\s*$)"), _to("42.5")),

    # ============================================================ generic
    # primitives.py "n must be a non-negative integer".
    ("copy_tma.fh19_wait_store_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),
    # (expected clean: arrivals are not checked) a barrier arrive removed.
    ("barrier.fh19_barrier_arrive_dropped", C(r"^(\s+)(plgpu\.barrier_arrive\((?:bar|barrier)\))()(?=\s*$)"), _to("pass")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh19_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\((?:bar|loaded)\))()(?=\s*$)"), _to("pass")),
    # ? Warpgroup semantics for a Lane kernel.
    ("compiler_params.fh19_semantics_warpgroup", C(r"(plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # (a ValueError / ZeroDivisionError: no devices, before any launch).
    ("control_flow.fh19_devices_0", C(r"^(DEVICES = )(2)()(?=\s*$)"), _to("0")),
    # (an unbound axis name) thread_name 'warpgroup' with axis_index('wg').
    ("axis_unknown.fh19_thread_name", C(r"(thread_name=')(wg)(')"), _to("warpgroup")),
    # primitives.py:3544 (memory registers a multiple of 8) 44.
    ("pipeline.fh19_memory_registers_44", C(r"(memory_registers=)(40)(,)"), _to("44")),
    # pipeline (max_concurrent_steps must be positive) 0.
    ("pipeline.fh19_concurrent_steps_0", C(r"(max_concurrent_steps=)(2)(,)"), _to("0")),
)


def famheld19_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
