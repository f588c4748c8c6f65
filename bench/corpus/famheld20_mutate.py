"""One-edit mutations for the twentieth held-out families corpus `famheld20`, written blind from JAX's own checks (the
`raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py and jax/_src/pallas/core.py as read
in the installed JAX 0.12.0.1 and the mirror, named at operators by their message; the raises of
jax/experimental/pallas/ops/gpu/all_gather_mgpu.py read in the installed JAX) and from the Python the bases use (what
np.poly1d, np.base_repr, np.pad, np.fromfunction, np.add.reduceat, np.min_scalar_type, math.gamma, math.atan2,
math.ulp, str.rfind, str.isnumeric, oct(), classmethod(...) and dict.copy() do with an edited value). Nothing else:
the checker was not read, and the earlier sets' operators only for their names (every name here carries the prefix
`fh20_`).

The user bases (build_famheld20.py) keep what the kernel depends on in Python that no earlier famheld set used, so
most of their operators edit the value where the program keeps it (coefficients and the point a polynomial is
evaluated at, a one-hot value and its padding, a row count and its pad width / value / mode, a per-axis rule and its
axis count, segment widths and split points, a peak value, a gamma argument, an array's rows and columns and the angle
threshold, an exponent, a dotted config key, a spec string, an octal mode, a register budget, a defaults dict and its
override) or the mechanism itself (the numpy / stdlib call, its mode, base or argument; the string method; the
descriptor), some so that the program's own Python raises before any kernel (a ValueError, TypeError, IndexError or
ZeroDivisionError in the configuration code), others so that the value flows into a JAX check, and some so that the
value changes but stays valid ("(expected clean)"); the rest edit the kernel or its launch (axis and thread names,
collective axes, layouts, transforms, dtypes, shapes, the adapted tests' parameters and the op's arguments). A few
generic ones fit several bases and are capped by --max-per-op. Nothing here decides whether a mutant fails: label.py
lowers each one under real JAX; "(expected clean)" marks operators written expecting none, "?" an expectation I was
unsure of. The comments are the expectations written before labelling.
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ============================================================ poly1d_rows (np.poly1d)
    # (SMEM: 512-row f32 blocks, three operands two deep, 1.5 MiB) a cubic: 8 ** 3 rows.
    ("blockspec_grid.fh20_poly_cubic", C(r"^(COEFFS = \[)(1, 0, 0)(\])"), _to("1, 0, 0, 0")),
    # ? rows = warps ** 2 + 1: 65-row blocks.
    ("blockspec_grid.fh20_poly_plus_one", C(r"^(COEFFS = \[)(1, 0, 0)(\])"), _to("1, 0, 1")),
    # (expected clean) half the square: 32-row blocks.
    ("blockspec_grid.fh20_poly_half", C(r"^(COEFFS = \[)(1, 0, 0)(\])"), _to("0.5, 0, 0")),
    # (expected clean) evaluated at 4: 16-row blocks.
    ("blockspec_grid.fh20_poly_warps_4", C(r"^(WARPS = )(8)()(?=\s*$)"), _to("4")),
    # (SMEM: r=True reads the list as roots, x ** 3 - x ** 2 at 8 is 448 rows) roots instead of coefficients.
    ("blockspec_grid.fh20_poly_roots", C(r"(np\.poly1d\(COEFFS)()(\)\(WARPS\))"), _to(", r=True")),
    # ? no coefficients: the zero polynomial, zero-row blocks.
    ("blockspec_grid.fh20_poly_empty", C(r"^(COEFFS = \[)(1, 0, 0)(\])"), _to("")),
    # pipeline (max_concurrent_steps) zero steps in flight in an emit_pipeline written on one line.
    ("pipeline.fh20_pipeline_depth_0", C(r"(max_concurrent_steps=)(2)(\)\(x_gmem)"), _to("0")),
    # ? an int32 output for an f32 (or f16) pipeline body (poly1d_rows, gamma_depth).
    ("ops_dtypes.fh20_pipeline_out_int32", C(r"(out_type=jax\.ShapeDtypeStruct\(x\.shape, )(x\.dtype)(\))"), _to("jnp.int32")),

    # ============================================================ base_repr_swizzle (np.base_repr)
    # (expected clean) padding 6: a 64-byte swizzle over 32 f16 columns.
    ("swizzle_tiling.fh20_base_pad_6", C(r"^(PAD = )(7)()(?=\s*$)"), _to("6")),
    # (swizzle must be 32, 64 or 128) padding 8: a 256-byte swizzle.
    ("swizzle_tiling.fh20_base_pad_8", C(r"^(PAD = )(7)()(?=\s*$)"), _to("8")),
    # (swizzle must be 32, 64 or 128) padding 4: a 16-byte swizzle.
    ("swizzle_tiling.fh20_base_pad_4", C(r"^(PAD = )(7)()(?=\s*$)"), _to("4")),
    # (swizzle must be 32, 64 or 128) two bits set: '00000011' reversed is 192.
    ("swizzle_tiling.fh20_base_one_hot_3", C(r"^(ONE_HOT = )(1)()(?=\s*$)"), _to("3")),
    # ? the string not reversed: a swizzle of 1 and zero columns.
    ("swizzle_tiling.fh20_base_no_reverse", C(r"(SWIZZLE = int\(BITS)(\[::-1\])(, 2\))"), _to("")),
    # (expected clean) base 4: the same one-hot string.
    ("swizzle_tiling.fh20_base_base_4", C(r"(np\.base_repr\(ONE_HOT, base=)(2)(, padding=PAD\))"), _to("4")),
    # ? 4-row blocks under an 8-row tiling (base_repr_swizzle, pad_block).
    ("swizzle_tiling.fh20_rows_4", C(r"^(ROWS = )(64)()(?=\s*$)"), _to("4")),
    # primitives.py "n must be a non-negative integer" (generic).
    ("copy_tma.fh20_wait_store_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),

    # ============================================================ pad_block (np.pad)
    # lowering (minor tiling does not fit swizzle) 96 columns under 64-element tiles (pad_block; poly1d_rows' f32 columns).
    ("swizzle_tiling.fh20_cols_96", C(r"^(COLS = )(128)()(?=\s*$)"), _to("96")),
    # (expected clean) mode='edge': (64, 64) blocks.
    ("blockspec_grid.fh20_pad_edge", C(r"(np\.pad\(\[ROWS\], \(0, 1\))(, constant_values=COLS)(\))"), _to(", mode='edge'")),
    # (expected clean) padded on the left: (128, 64) blocks.
    ("blockspec_grid.fh20_pad_left", C(r"(np\.pad\(\[ROWS\], )(\(0, 1\))(, constant_values)"), _to("(1, 0)")),
    # primitives.py "Expected shapes to match" / rank: padded twice, a 3-D (64, 128, 128) SMEM block for a 2-D slice.
    ("copy_tma.fh20_pad_twice", C(r"(np\.pad\(\[ROWS\], )(\(0, 1\))(, constant_values)"), _to("(0, 2)")),
    # ? 1024 columns: a (4, 0) grid.
    ("kernel_mesh_config.fh20_pad_cols_1024", C(r"^(COLS = )(128)()(?=\s*$)"), _to("1024")),
    # (swizzle must be 32, 64 or 128) a 16-byte swizzle (generic).
    ("swizzle_tiling.fh20_swizzle_16", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("16")),
    # ? f32 for a bf16 kernel: (8, 32) tiles (pad_block, ulp_swizzle_wgmma).
    ("ops_dtypes.fh20_bf16_to_f32", C(r"^(DTYPE = jnp\.)(bfloat16)()(?=\s*$)"), _to("float32")),

    # ============================================================ fromfunction_grid (np.fromfunction)
    # core.py "grid_names must have the same length as grid": three axes.
    ("kernel_mesh_config.fh20_fromfunction_axes_3", C(r"^(AXES = )(2)()(?=\s*$)"), _to("3")),
    # (SMEM: a (256, 256) f32 block is 256 KiB) 2 ** axis: a (1, 2) grid.
    ("copy_tma.fh20_fromfunction_pow_axis", C(r"(lambda axis: 2 \*\* )(\(axis \+ 1\))(,)"), _to("axis")),
    # (expected clean) float entries: every use goes through int().
    ("kernel_mesh_config.fh20_fromfunction_float", C(r"(\(AXES,\), dtype=)(int)(\))"), _to("float")),
    # ? 3 ** (axis + 1): a (3, 9) grid, (85, 56) blocks.
    ("copy_tma.fh20_fromfunction_base_3", C(r"(lambda axis: )(2)( \*\* )"), _to("3")),
    # (a ZeroDivisionError, before any launch) the rule is the axis index: a (0, 1) grid.
    ("control_flow.fh20_fromfunction_identity", C(r"(lambda axis: )(2 \*\* \(axis \+ 1\))(,)"), _to("axis")),
    # (an unbound axis name) grid_names ('gr', 'gy') with axis_index('gc').
    ("axis_unknown.fh20_fromfunction_grid_name", C(r"(grid_names=\('gr', ')(gc)('\))"), _to("gy")),
    # primitives.py (copy dtypes must match) an f16 SMEM block for f32 data.
    ("ops_dtypes.fh20_smem_f16", C(r"(plgpu\.SMEM\(BLOCK, )(jnp\.float32)(\))"), _to("jnp.float16")),

    # ============================================================ reduceat_wgmma (np.add.reduceat)
    # (expected clean?) splits [0, 3]: M = 128, K = 64.
    ("wgmma_mma.fh20_reduceat_split_3", C(r"^(SPLITS = \[0, )(2)(\])"), _to("3")),
    # (WGMMA wants M a multiple of 64) splits [0, 1]: M = 32, K = 192.
    ("wgmma_mma.fh20_reduceat_split_1", C(r"^(SPLITS = \[0, )(2)(\])"), _to("1")),
    # (a ValueError, before any launch) one split: one value for M, K.
    ("control_flow.fh20_reduceat_one_split", C(r"^(SPLITS = \[0)(, 2)(\])"), _to("")),
    # (SMEM: M = 1024, K = 4096 f16) np.multiply.reduceat.
    ("wgmma_mma.fh20_reduceat_multiply", C(r"(np\.)(add)(\.reduceat\()"), _to("multiply")),
    # lowering (tiling does not fit) a 48-wide last segment: K = 112 under 64-element tiles.
    ("swizzle_tiling.fh20_reduceat_segment_48", C(r"(SEGMENTS = \[32, 32, 64, )(64)(\])"), _to("48")),
    # (expected clean) decreasing splits: reduceat gives SEGMENTS[2] and the total, M = 64, K = 192.
    ("wgmma_mma.fh20_reduceat_splits_reversed", C(r"^(SPLITS = \[)(0, 2)(\])"), _to("2, 0")),
    # primitives.py "Incompatible shapes for matrix multiplication": an (M, K) accumulator (reduceat_wgmma, ulp_swizzle_wgmma).
    ("wgmma_mma.fh20_acc_shape_k", C(r"(plgpu\.ACC\(\(M, )(N)(\), jnp\.float32\))"), _to("K")),
    # ? an f16 accumulator for an f32 result.
    ("wgmma_mma.fh20_acc_f16", C(r"(plgpu\.ACC\(\(M, N\), jnp\.)(float32)(\)\))"), _to("float16")),

    # ============================================================ min_scalar_type_dtype (np.min_scalar_type)
    # (expected clean) a peak past f16's range: f32, (8, 32) tiles.
    ("ops_dtypes.fh20_peak_1e6", C(r"^(PEAK = )(1000\.5)()(?=\s*$)"), _to("1e6")),
    # ? an integral peak of 200: uint8, (8, 128) tiles, negated.
    ("ops_dtypes.fh20_peak_uint8", C(r"^(PEAK = )(1000\.5)()(?=\s*$)"), _to("200")),
    # ? a negative integral peak: int16.
    ("ops_dtypes.fh20_peak_int16", C(r"^(PEAK = )(1000\.5)()(?=\s*$)"), _to("-200")),
    # (64-bit floats are not supported) a peak past f32's range: f64.
    ("ops_dtypes.fh20_peak_f64", C(r"^(PEAK = )(1000\.5)()(?=\s*$)"), _to("1e300")),
    # ? an imaginary peak: complex64.
    ("ops_dtypes.fh20_peak_complex", C(r"^(PEAK = )(1000\.5)()(?=\s*$)"), _to("1000.5j")),
    # (f64) np.result_type instead: a Python float is float64.
    ("ops_dtypes.fh20_min_scalar_result_type", C(r"(np\.)(min_scalar_type)(\(PEAK\))"), _to("result_type")),

    # ============================================================ gamma_depth (math.gamma)
    # (expected clean) gamma(1) = 1: one step in flight.
    ("pipeline.fh20_gamma_arg_1", C(r"^(ARG = )(3)()(?=\s*$)"), _to("1")),
    # (a ValueError: math domain error, before any launch) gamma(0).
    ("control_flow.fh20_gamma_arg_0", C(r"^(ARG = )(3)()(?=\s*$)"), _to("0")),
    # (expected clean) gamma(0.5) = 1.77, truncated to 1.
    ("pipeline.fh20_gamma_arg_half", C(r"^(ARG = )(3)()(?=\s*$)"), _to("0.5")),
    # ? gamma(5) = 24 steps in flight for a 16-step grid.
    ("pipeline.fh20_gamma_arg_5", C(r"^(ARG = )(3)()(?=\s*$)"), _to("5")),
    # pipeline (max_concurrent_steps must be positive) lgamma(3) = 0.69, truncated to 0.
    ("pipeline.fh20_gamma_lgamma", C(r"(DEPTH = int\(math\.)(gamma)(\(ARG\)\))"), _to("lgamma")),
    # ? 36-row blocks under (8, 64) tiles: 256 rows are not a multiple of 36.
    ("swizzle_tiling.fh20_gamma_block_rows_36", C(r"(BLOCK = \()(64)(, SWIZZLE // )"), _to("36")),

    # ============================================================ atan2_loop (math.atan2)
    # (expected clean) the arguments swapped: 14 degrees, the whole 256 x 64 f32 array (64 KiB) at once.
    ("copy_tma.fh20_atan2_swapped", C(r"(math\.atan2\()(ROWS, COLS)(\))"), _to("COLS, ROWS")),
    # launch_context (TMA: 16 bytes along the minor dimension) one column.
    ("copy_tma.fh20_atan2_cols_1", C(r"^(ROWS, COLS = 256, )(64)()(?=\s*$)"), _to("1")),
    # (SMEM: a wide 256 x 1024 f32 array goes whole, 1 MiB) 1024 columns.
    ("copy_tma.fh20_atan2_cols_1024", C(r"^(ROWS, COLS = 256, )(64)()(?=\s*$)"), _to("1024")),
    # (expected clean) a threshold of 80 degrees: the array goes whole.
    ("copy_tma.fh20_atan2_threshold_80", C(r"(if ANGLE > )(45)( else)"), _to("80")),
    # (expected clean?) 36-row blocks: seven steps, dynamic row offsets not on 8-row boundaries.
    ("copy_tma.fh20_atan2_block_36", C(r"(BLOCK_ROWS = )(32)( if ANGLE)"), _to("36")),
    # (expected clean) radians, not degrees: below 45, the array goes whole.
    ("copy_tma.fh20_atan2_radians", C(r"(ANGLE = math\.)(degrees)(\()"), _to("radians")),
    # primitives.py "Expected shapes to match": an SMEM buffer of twice the block rows.
    ("copy_tma.fh20_smem_rows_double", C(r"(plgpu\.SMEM\(\()(BLOCK_ROWS)(, COLS\), jnp\.float32\))"), _to("2 * BLOCK_ROWS")),

    # ============================================================ ulp_swizzle_wgmma (math.ulp)
    # (expected clean?) exponent 58: a 64-byte swizzle, (8, 32) bf16 tiles.
    ("swizzle_tiling.fh20_ulp_exp_58", C(r"^(EXPONENT = )(59)()(?=\s*$)"), _to("58")),
    # (swizzle must be 32, 64 or 128) exponent 60: 256.
    ("swizzle_tiling.fh20_ulp_exp_60", C(r"^(EXPONENT = )(59)()(?=\s*$)"), _to("60")),
    # (swizzle must be 32, 64 or 128) exponent 56: 16.
    ("swizzle_tiling.fh20_ulp_exp_56", C(r"^(EXPONENT = )(59)()(?=\s*$)"), _to("56")),
    # ? the ulp of the exponent itself (59.0): a swizzle of 0.
    ("swizzle_tiling.fh20_ulp_of_exponent", C(r"(math\.ulp\()(2\.0 \*\* EXPONENT)(\))"), _to("EXPONENT")),
    # (expected clean?) exponent 57: a 32-byte swizzle, (8, 16) bf16 tiles.
    ("swizzle_tiling.fh20_ulp_exp_57", C(r"^(EXPONENT = )(59)()(?=\s*$)"), _to("57")),

    # ============================================================ rfind_remote (str.rfind)
    # (an unbound axis name) find instead of rfind: 'mesh.peers'.
    ("axis_unknown.fh20_rfind_find", C(r"(KEY\[KEY\.)(rfind)(\('\.'\) \+ 1:\])"), _to("find")),
    # (an unbound axis name) the + 1 dropped: '.peers'.
    ("axis_unknown.fh20_rfind_no_plus", C(r"(KEY\[KEY\.rfind\('\.'\))( \+ 1)(:\])"), _to("")),
    # (an unbound axis name) no dot in the key: rfind is -1, the whole key.
    ("axis_unknown.fh20_rfind_key_underscores", C(r"(KEY = ')(launch\.mesh\.peers)(')"), _to("launch_mesh_peers")),
    # (expected clean) the bare axis as key: rfind is -1, 'peers'.
    ("axis_unknown.fh20_rfind_key_bare", C(r"(KEY = ')(launch\.mesh\.peers)(')"), _to("peers")),
    # ? a trailing dot: an empty axis name.
    ("axis_unknown.fh20_rfind_key_trailing", C(r"(KEY = ')(launch\.mesh\.peers)(')"), _to("launch.mesh.peers.")),
    # (expected clean: peers are not checked) each device its own peer.
    ("kernel_mesh_config.fh20_remote_self", C(r"(lax\.axis_index\(AXIS\) \+ )(1)(, DEVICES\))"), _to("0")),
    # (a ValueError / ZeroDivisionError: no devices, before any launch) (rfind_remote, dict_copy_allreduce).
    ("control_flow.fh20_devices_0", C(r"^(DEVICES = )(2)()(?=\s*$)"), _to("0")),

    # ============================================================ isnumeric_block (str.isnumeric)
    # lowering (tiling does not fit) 96 columns under 64-element tiles.
    ("swizzle_tiling.fh20_spec_cols_96", C(r"(SPEC = 'block 64 x )(128)( of bfloat16')"), _to("96")),
    # (expected clean) float16.
    ("ops_dtypes.fh20_spec_f16", C(r"(SPEC = 'block 64 x 128 of )(bfloat16)(')"), _to("float16")),
    # (64-bit floats are not supported) float64.
    ("ops_dtypes.fh20_spec_f64", C(r"(SPEC = 'block 64 x 128 of )(bfloat16)(')"), _to("float64")),
    # (an IndexError, before any launch) '64x128' is not numeric: an empty block.
    ("control_flow.fh20_spec_no_spaces", C(r"(SPEC = 'block )(64 x 128)( of )"), _to("64x128")),
    # ? a third number: a 3-D SMEM block for a 2-D slice.
    ("copy_tma.fh20_spec_three_dims", C(r"(SPEC = 'block )(64 x 128)( of )"), _to("64 x 128 x 2")),
    # (expected clean) str.isdigit: the same tokens.
    ("control_flow.fh20_spec_isdigit", C(r"(if t\.)(isnumeric)(\(\))"), _to("isdigit")),
    # (a ValueError: int('block'), before any launch) str.isalpha.
    ("control_flow.fh20_spec_isalpha", C(r"(if t\.)(isnumeric)(\(\))"), _to("isalpha")),

    # ============================================================ oct_signal (oct)
    # (expected clean: signal counts are not checked) mode 0o21: one signal waited for.
    ("kernel_mesh_config.fh20_oct_mode_21", C(r"^(MODE = )(0o22)()(?=\s*$)"), _to("0o21")),
    # (a ValueError, before any launch) mode 0o2: one digit for two names.
    ("control_flow.fh20_oct_mode_2", C(r"^(MODE = )(0o22)()(?=\s*$)"), _to("0o2")),
    # (expected clean) decimal 22 is 0o26: two devices, six signals waited for.
    ("kernel_mesh_config.fh20_oct_mode_decimal", C(r"^(MODE = )(0o22)()(?=\s*$)"), _to("22")),
    # (a ValueError, before any launch) removesuffix keeps '0o': four characters.
    ("control_flow.fh20_oct_removesuffix", C(r"(oct\(MODE\)\.)(removeprefix)(\('0o'\))"), _to("removesuffix")),
    # (an unbound axis name) collective_axes naming an axis the mesh lacks.
    ("shard_map_axis_names_subset.fh20_oct_axes_extra", C(r"(collective_axes=)(AXIS)(\))"), _to("(AXIS, 'y')")),
    # ? one device: mode 0o12.
    ("kernel_mesh_config.fh20_oct_mode_12", C(r"^(MODE = )(0o22)()(?=\s*$)"), _to("0o12")),

    # ============================================================ classmethod_registers (classmethod(...))
    # primitives.py (register counts a multiple of 8) a budget of 276: 236 for the consumer.
    ("pipeline.fh20_budget_total_276", C(r"^(  TOTAL = )(272)()(?=\s*$)"), _to("276")),
    # (expected clean) a budget of 264: 224.
    ("pipeline.fh20_budget_total_264", C(r"^(  TOTAL = )(272)()(?=\s*$)"), _to("264")),
    # primitives.py (register counts a multiple of 8) a producer of 44.
    ("pipeline.fh20_budget_producer_44", C(r"(Budget\.split\()(40)(\))"), _to("44")),
    # (a TypeError, before any launch) staticmethod: split(40) binds 40 to cls.
    ("control_flow.fh20_budget_staticmethod", C(r"(split = )(classmethod)(\(_split\))"), _to("staticmethod")),
    # ? a budget of 400: 360 registers, past 256.
    ("pipeline.fh20_budget_total_400", C(r"^(  TOTAL = )(272)()(?=\s*$)"), _to("400")),
    # ? a producer of 16: below 24.
    ("pipeline.fh20_budget_producer_16", C(r"(Budget\.split\()(40)(\))"), _to("16")),
    # (an unbound axis name) thread_name 'warpgroup' with axis_index('wg').
    ("axis_unknown.fh20_thread_name", C(r"(thread_name=')(wg)(')"), _to("warpgroup")),

    # ============================================================ dict_copy_allreduce (dict.copy)
    # (jax-facts: "Only 32-, 64- and 128-bit loads") vector 8 in the override.
    ("layout_unsupported.fh20_copy_vec_8", C(r"(CONFIG\['vec'\] = )(2)()(?=\s*$)"), _to("8")),
    # (expected clean) vector 4.
    ("layout_unsupported.fh20_copy_vec_4", C(r"(CONFIG\['vec'\] = )(2)()(?=\s*$)"), _to("4")),
    # (collective axes not in the mesh) the override sets the axis instead: 'gpus' for the kernel, 'nodes' for the mesh.
    ("shard_map_axis_names_subset.fh20_copy_override_axis", C(r"^()(CONFIG\['vec'\] = 2)()(?=\s*$)"), _to("CONFIG['axis'] = 'gpus'")),
    # (only add is supported for f32) the default op max.
    ("reduction_dtype.fh20_copy_op_max", C(r"(DEFAULTS = \{'axis': 'nodes', 'op': ')(add)(')"), _to("max")),
    # (expected clean) no copy: the override lands in the defaults too, the mesh axis unchanged.
    ("kernel_mesh_config.fh20_copy_alias", C(r"(CONFIG = DEFAULTS)(\.copy\(\))()"), _to("")),
    # (a string is a set of letters) collective_axes=CONFIG['axis'] for 'nodes'.
    ("shard_map_axis_names_subset.fh20_copy_axes_str", C(r"(collective_axes=)(\(CONFIG\['axis'\],\))(, reduction_op)"), _to("CONFIG['axis']")),
    # ? the layout_cast dropped (Lane: the default layout of a multimem_load_reduce result).
    ("layout_missing.fh20_copy_no_cast",
     C(r"^(\s+)(total = plgpu\.layout_cast\(total, plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=CONFIG\['vec'\]\)\))()"), _to("pass")),

    # ============================================================ jax_load_to_strided_layout_with_indexing / jax_load_to_wgmma_row_col_layout_with_indexing
    # ? vector size 2 for the (128,) strided layout.
    ("layout_unsupported.fh20_strided_vec_2", C(r"(WG_STRIDED\(\(128,\), vec_size=)(1)(\))"), _to("2")),
    # (layout shape does not match the loaded shape) a (64,) strided layout for 128-element rows.
    ("layout_unsupported.fh20_strided_shape_64", C(r"(WG_STRIDED\(\()(128)(,\), vec_size=1\))"), _to("64")),
    # (expected clean) layout None, the test's other parameter.
    ("layout_unsupported.fh20_strided_layout_none", C(r"^(layout = )(plgpu\.Layout\.WG_STRIDED\(\(128,\), vec_size=1\))()"), _to("None")),
    # (expected clean?) the input in GMEM, the tests' other memory space.
    ("ops_dtypes.fh20_src_gmem", C(r"^(src_memory_space = plgpu\.)(SMEM)()(?=\s*$)"), _to("GMEM")),
    # ? a third row read from a two-row input.
    ("ref_store.fh20_rows_range_3", C(r"(for i in range\()(2)(\):)"), _to("3")),
    # ? an int32 output for f32 rows.
    ("ops_dtypes.fh20_rows_out_int32", C(r"(jax\.ShapeDtypeStruct\(\[2, (?:128|m)\], jnp\.)(float32)(\))"), _to("int32")),
    # (WGMMA row layouts want a multiple of 64 rows) m = 32.
    ("layout_unsupported.fh20_wgmma_row_m_32", C(r"^(m = )(64)()(?=\s*$)"), _to("32")),
    # (expected clean) m = 192, the test's third value.
    ("layout_unsupported.fh20_wgmma_row_m_192", C(r"^(m = )(64)()(?=\s*$)"), _to("192")),
    # (expected clean) the column layout, the test's other parameter.
    ("layout_unsupported.fh20_wgmma_reduce_0", C(r"^(layout = plgpu\.Layout\.WGMMA\.reduce\()(1)(\))"), _to("0")),
    # ? the 2-D WGMMA layout for a 1-D row.
    ("layout_unsupported.fh20_wgmma_no_reduce", C(r"^(layout = plgpu\.Layout\.WGMMA)(\.reduce\(1\))()"), _to("")),

    # ============================================================ jax_broadcast_in_dim_wg_strided_majormost_dim
    # ? broadcast along dimension 0 of a (64, 128) result from 128 elements.
    ("layout_unsupported.fh20_bcast_dims_0", C(r"(\(64, 128\), \()(1)(,\)\))"), _to("0")),
    # ? a (128, 128) broadcast stored into a (64, 128) output.
    ("ref_store.fh20_bcast_rows_128", C(r"(lax\.broadcast_in_dim\(to_be_broadcasted, \()(64)(, 128\))"), _to("128")),
    # ? vector size 2.
    ("layout_unsupported.fh20_bcast_vec_2", C(r"(WG_STRIDED\(\(128,\), )(1)(\))"), _to("2")),
    # (layout shape does not match the loaded shape) a (64,) strided layout.
    ("layout_unsupported.fh20_bcast_layout_64", C(r"(WG_STRIDED\(\()(128)(,\), 1\))"), _to("64")),
    # ? an f16 output for f32 values.
    ("ops_dtypes.fh20_bcast_out_f16", C(r"(jax\.ShapeDtypeStruct\(\(64, 128\), jnp\.)(float32)(\))"), _to("float16")),
    # ? a (32, 128) output for a (64, 128) broadcast.
    ("ref_store.fh20_bcast_out_rows_32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\()(64)(, 128\), jnp\.float32\))"), _to("32")),

    # ============================================================ jax_inline_mgpu_scalar_args
    # ? a WGMMA layout for a scalar argument.
    ("layout_unsupported.fh20_scalar_arg_wgmma", C(r"(arg_types=\(plgpu\.RefType\(\), plgpu\.Layout\.)(WG_SPLAT)(\),)"), _to("WGMMA")),
    # ? an int32 output stored with an f32 value by memref.store.
    ("ops_dtypes.fh20_scalar_out_int32", C(r"(jax\.ShapeDtypeStruct\(\(\), jnp\.)(float32)(\))"), _to("int32")),
    # ? an f16 value for an f32 ref.
    ("ops_dtypes.fh20_scalar_value_f16", C(r"(jnp\.array\(42\.0, dtype=jnp\.)(float32)(\))"), _to("float16")),
    # ? a (1,) output stored with no indices.
    ("ref_store.fh20_scalar_out_1", C(r"(out_type=jax\.ShapeDtypeStruct\()(\(\))(, jnp\.float32\))"), _to("(1,)")),
    # ? one arg_type for two arguments.
    ("kernel_mesh_config.fh20_scalar_arg_types_one", C(r"(arg_types=\()(plgpu\.RefType\(\), plgpu\.Layout\.WG_SPLAT)(\),)"), _to("plgpu.RefType(),")),
    # ? a one-element vector for the WG_SPLAT scalar.
    ("layout_unsupported.fh20_scalar_value_vector", C(r"(write\(o_ref, jnp\.array\()(42\.0)(, dtype)"), _to("[42.0]")),

    # ============================================================ jax_all_gather_auto_vec_size_int (ops/gpu/all_gather_mgpu.py)
    # ? tile_size 1000: not a multiple of the vector or of the shard.
    ("collective_op_args.fh20_gather_tile_1000", C(r"^(tile_size = )(2048)()(?=\s*$)"), _to("1000")),
    # ? no blocks.
    ("collective_op_args.fh20_gather_blocks_0", C(r"(vec_size, num_blocks = None, )(4)()(?=\s*$)"), _to("0")),
    # ? vector size 3.
    ("collective_op_args.fh20_gather_vec_3", C(r"(vec_size, num_blocks = )(None)(, 4)"), _to("3")),
    # (an unbound axis name) axis_name 'y' for a mesh of 'x'.
    ("axis_unknown.fh20_gather_axis_y", C(r"(axis_name=\")(x)(\",)"), _to("y")),
    # ? gathered along dimension 1.
    ("collective_op_args.fh20_gather_dim_1", C(r"^(gather_dimension = )(0)()(?=\s*$)"), _to("1")),
    # ? 1000 rows: 500 per device.
    ("collective_op_args.fh20_gather_rows_1000", C(r"(shape, dtype = \()(1024)(, 64\), jnp\.int32)"), _to("1000")),

    # ============================================================ jax_smem_aliasing_refunions_in_wg_semantics_can_have_distinct_transforms
    # ? (1, 64) f32 tiles under a 128-byte swizzle.
    ("swizzle_tiling.fh20_union_tile_64", C(r"(plgpu\.TilingTransform\(\(1, )(32)(\)\))"), _to("64")),
    # (swizzle must be 32, 64 or 128) a 256-byte swizzle in the RefType.
    ("swizzle_tiling.fh20_union_swizzle_256", C(r"(ref_2, \(plgpu\.TilingTransform\(\(1, 32\)\), plgpu\.SwizzleTransform\()(128)(\)\))"), _to("256")),
    # primitives.py "Expected shapes to match": a (256,) f32 member copied to a (128,) output.
    ("copy_tma.fh20_union_member_256", C(r"(\[plgpu\.SMEM\(\()(128)(,\), jnp\.float32\)\])"), _to("256")),
    # ? the output block of 64 elements.
    ("copy_tma.fh20_union_out_64", C(r"(out_specs=pl\.BlockSpec\(\()(128)(,\), memory_space=plgpu\.GMEM\))"), _to("64")),
    # ? Lane semantics for a WG-only test.
    ("compiler_params.fh20_union_semantics_lane", C(r"(lowering_semantics=plgpu\.LoweringSemantics\.)(Warpgroup)(,)"), _to("Lane")),
    # (a reshape error, before any launch) a (4, 256) input shape for 512 elements.
    ("control_flow.fh20_union_in_shape_4", C(r"^(in_shape = \()(2)(, 256\))"), _to("4")),

    # ============================================================ jax_warpgroup_gets_warps_barrier_phase
    # ? a zero-arrival barrier.
    ("barrier.fh20_phase_arrivals_0", C(r"^(\s+barrier=plgpu\.Barrier\(num_arrivals=)(1)(\),)"), _to("0")),
    # (expected clean: arrival counts are not checked) two arrivals.
    ("barrier.fh20_phase_arrivals_2", C(r"^(\s+barrier=plgpu\.Barrier\(num_arrivals=)(1)(\),)"), _to("2")),
    # ? a float written into the int32 scalar.
    ("ops_dtypes.fh20_phase_float_value", C(r"^(  out_ref\[\.\.\.\] = )(42)()(?=\s*$)"), _to("42.5")),
    # ? a (1,) output written with [...] = scalar.
    ("ref_store.fh20_phase_out_1", C(r"(out_type=jax\.ShapeDtypeStruct\()(\(\))(, jnp\.int32\))"), _to("(1,)")),
    # (expected clean) the final wait removed.
    ("barrier.fh20_phase_wait_dropped", C(r"^(  )(plgpu\.barrier_wait\(barrier\))()(?=\s*$)"), _to("pass")),
    # ? a barrier array of two, used unindexed.
    ("barrier.fh20_phase_two_barriers", C(r"(barrier=plgpu\.Barrier\(num_arrivals=1)()(\),)"), _to(", num_barriers=2")),
    # ? an f32 scalar output written with an int.
    ("ops_dtypes.fh20_phase_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(\), jnp\.)(int32)(\))"), _to("float32")),
)


def famheld20_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
