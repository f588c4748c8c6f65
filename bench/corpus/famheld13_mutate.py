"""One-edit mutations for the thirteenth held-out families corpus `famheld13` (issue 27), written blind from JAX's own
checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py, jax/_src/pallas/core.py
and jax/experimental/mosaic/gpu/* of JAX 0.12.0.1, cited at operators as file:line from
/work/shared/jax-raise-sites/sites.tsv where one site is meant, or by their message) and from the Python the bases
use (the standard library's own exceptions: memoryview.cast, base64, plistlib, ipaddress, difflib, str.format_map,
dataclasses KW_ONLY, the __len__ / __bool__ / __reversed__ protocols). Nothing else: the checker was not read, and
the earlier sets' operators only for their names (every name here carries the prefix `fh13_`).

The bases (build_famheld13.py) keep what the kernel depends on in Python that no earlier famheld set used: an
overloaded __matmul__, __format__ specs, str.translate / rsplit / rpartition, int.bit_length / bit_count,
statistics.median_low / mode, datetime.timedelta arithmetic, memoryview.cast shapes, base64 / binascii,
str.format_map, __bool__ / __len__, __eq__ / __hash__ keys, a __getitem__-only sequence, while / else, try / finally
with del, difflib, string.Formatter().parse, itertools.compress / dropwhile / combinations, a UserDict with a
rounding __setitem__, dataclasses.KW_ONLY, a runtime_checkable Protocol, __getattribute__, an int subclass's __new__,
__reversed__, plistlib and ipaddress. So many operators edit the value where the program keeps it (a Dims argument,
a format spec, a translation table / tag, a byte count, a measured table, a timedelta, a memoryview shape or
format, a base64 / hex text, a format_map key, a __bool__ / __len__ result, a key's normalisation, a sequence's
values, a loop bound or break, a popped key, a fuzzy-matched name, a format field, a selector / threshold, a
rounding multiple, a keyword-only field, a protocol method, an attribute default, an int's multiple, a reversal,
a plist entry, a network prefix), some so that a later standard library call or an assert in the user's code
fails, others so that the value flows into a JAX check; the rest edit the kernel or its launch (index maps, block
/ grid shapes, axis and cluster names, collective axes, reduction ops, layouts and layout_casts, transforms,
barriers, dtypes, compiler params, the adapted tests' parameters). A few generic ones fit many bases and are capped
by --max-per-op.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX; "(expected clean)" marks
operators written expecting none, "?" an expectation I was unsure of. The comments are the expectations written
before labelling; what the labels say is in /work/famheld13-out/README.md.
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ============================================================ matmul_dunder_wgmma (__matmul__ / __mul__)
    # (the user's own ValueError in __matmul__, before any launch) B's rows 32.
    ("control_flow.fh13_dunder_b_rows_32", C(r"^(B_TILE = Dims\()(64)(, 128\))"), _to("32")),
    # (the user's ValueError) the operands multiplied in the other order.
    ("control_flow.fh13_dunder_matmul_swapped", C(r"^(OUT = )(A_TILE @ B_TILE)()"), _to("B_TILE @ A_TILE")),
    # (WGMMA needs M a multiple of 64) A's rows 32: an M=32 tile.
    ("wgmma_mma.fh13_dunder_m_32", C(r"^(A_TILE = Dims\()(64)(, 64\))"), _to("32")),
    # (N not a multiple of the swizzle tile / of 8) B's columns 100.
    ("wgmma_mma.fh13_dunder_n_100", C(r"^(B_TILE = Dims\(64, )(128)(\))"), _to("100")),
    # ? a 64-byte swizzle over 64-element f16 blocks (two swizzle tiles along K).
    ("swizzle_tiling.fh13_dunder_swizzle_64", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("64")),
    # ? float32 operands (tf32 WGMMA; the 32-element tiling follows ELEMS).
    ("wgmma_mma.fh13_dunder_f32_operands", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float32")),
    # (an f16 accumulator read back into a float32 output) the ACC float16.
    ("wgmma_mma.fh13_dunder_acc_f16", C(r"(plgpu\.ACC\(\(OUT\.rows, OUT\.cols\), jnp\.)(float32)(\))"), _to("float16")),
    # ? __mul__ scales rows, not columns: A's operand is (128, 64) while the pipeline walks two K blocks.
    ("control_flow.fh13_dunder_mul_rows", C(r"(return Dims\()(self\.rows, self\.cols \* k)(\))"),
     _to("self.rows * k, self.cols")),

    # ============================================================ format_spec_cluster (__format__)
    # lowering.py "Unknown cluster axis" / primitives: the multicast over the grid axis name.
    ("cluster_collective.fh13_format_collective_grid", C(r"(collective_axes=)(CLUSTER_AXIS)(\))"), _to("GRID_AXIS")),
    # (expected clean) the row window indexed by the grid axis (also 0..1).
    ("kernel_mesh_config.fh13_format_index_grid", C(r"(lax\.axis_index\()(CLUSTER_AXIS)(\) \* PART)"), _to("GRID_AXIS")),
    # (a ValueError from format(2, "clusters") before any launch) the format spec misspelt.
    ("control_flow.fh13_format_spec_typo", C(r"^(CLUSTER_AXIS = f\"\{PAIR:)(cluster)(\}\")"), _to("clusters")),
    # (duplicate axis names) the grid spec gives the cluster's name.
    ("kernel_mesh_config.fh13_format_names_same", C(r"(return f\"\{self\.stem\}_)(g)(\")"), _to("c")),
    # ? a cluster of three over 128 rows (42-row parts).
    ("cluster_collective.fh13_format_size_3", C(r"^(PAIR = Axis\(\"pair\", )(2)(\))"), _to("3")),
    # (cluster and cluster_names of different lengths) cluster_names empty.
    ("kernel_mesh_config.fh13_format_cluster_names_empty", C(r"(cluster_names=)(\(CLUSTER_AXIS,\))(,)"), _to("()")),
    # primitives.py:235 "Expected shapes to match": a part stored to the whole output.
    ("copy_tma.fh13_format_store_unsliced", C(r"(plgpu\.copy_smem_to_gmem\(smem\.at\[rows\], )(o_gmem\.at\[rows\])(\))"),
     _to("o_gmem")),
    # (a static window past the SMEM tile) each part all the rows.
    ("copy_tma.fh13_format_part_full", C(r"^(PART = )(ROWS // CLUSTER)()(?=\s*$)"), _to("ROWS")),

    # ============================================================ translate_rsplit_blocks (str.translate / rsplit)
    # (exp of int32 promotes to float32, stored into an int32 output) the tag's dtype I-32.
    ("ops_dtypes.fh13_translate_int", C(r"^(TAG = \")(F)(-32/)"), _to("I")),
    # ? float16 (exp in half precision).
    ("ops_dtypes.fh13_translate_f16", C(r"^(TAG = \"F-)(32)(/)"), _to("16")),
    # (a TypeError from jnp.dtype("float_32") before any launch) the table maps "-" to "_".
    ("control_flow.fh13_translate_table_keep", C(r"(\"-\": )(None)(\})"), _to("\"_\"")),
    # (int("blk") ValueError before any launch) the wrong side of the rsplit.
    ("control_flow.fh13_rsplit_wrong_side", C(r"(BLOCK_TEXT\.rsplit\(\"_\", 1\)\[)(1)(\])"), _to("0")),
    # (a 100-element window: not a whole number of the 128-thread vector layout) block 100.
    ("vector_width.fh13_translate_block_100", C(r"(/blk_)(256)(/)"), _to("100")),
    # ? block 8192: a grid of zero steps.
    ("blockspec_grid.fh13_translate_block_8192", C(r"(/blk_)(256)(/)"), _to("8192")),
    # (expected clean) approx_math off by a case mismatch.
    ("compiler_params.fh13_rpartition_case", C(r"(\.rpartition\(\"-\"\)\[2\] == \")(ON)(\")"), _to("on")),
    # (an unbound axis name) axis_index of "parts".
    ("axis_unknown.fh13_translate_axis_typo", C(r"(lax\.axis_index\(\")(part)(\"\) \* BLOCK)"), _to("parts")),

    # ============================================================ bit_length_swizzle (int.bit_length / bit_count)
    # core.py "Swizzle 16 is not supported": a 20-byte row gives a 16-byte swizzle.
    ("swizzle_tiling.fh13_bitlen_row_bytes_20", C(r"^(ROW_BYTES = )(200)()"), _to("20")),
    # lowering.py:1931 "Minor tiling dimension does not fit swizzle": COLS in bytes.
    ("swizzle_tiling.fh13_bitlen_cols_bytes", C(r"^(COLS = )(SWIZZLE // jnp\.dtype\(DTYPE\)\.itemsize)()"), _to("SWIZZLE")),
    # (expected clean) one bit: 32 rows.
    ("swizzle_tiling.fh13_bitlen_rows_32", C(r"^(ROWS = \()(0b11)(\)\.bit_count\(\))"), _to("0b1")),
    # (6 rows under an (8, n) tiling) the multiplier 3.
    ("swizzle_tiling.fh13_bitlen_rows_6", C(r"^(ROWS = \(0b11\)\.bit_count\(\) \* )(32)()"), _to("3")),
    # (expected clean) float32 (a 32-column tile).
    ("ops_dtypes.fh13_bitlen_f32", C(r"^(DTYPE = jnp\.)(bfloat16)()(?=\s*$)"), _to("float32")),
    # (bf16 + f32 promotes: a float32 value stored into a bf16 ref) the constant's dtype float32.
    ("ref_store.fh13_bitlen_const_f32", C(r"(smem\[\.\.\.\] \+ jnp\.asarray\(1, )(DTYPE)(\))"), _to("jnp.float32")),
    # ? bit_length without the -1: 256, capped by min() to 128 (expected clean).
    ("swizzle_tiling.fh13_bitlen_off_by_one", C(r"(ROW_BYTES\.bit_length\(\) )(- 1)(\))"), _to("+ 0")),

    # ============================================================ median_low_pipeline (statistics)
    # (two (128, 128) f32 buffers per operand past SMEM) median_high picks 128 rows.
    ("pipeline.fh13_median_high", C(r"(statistics\.)(median_low)(\(sorted)"), _to("median_high")),
    # (a float block dimension 96.0) statistics.median averages.
    ("blockspec_grid.fh13_median_mean", C(r"(statistics\.)(median_low)(\(sorted)"), _to("median")),
    # (expected clean) the votes favour 64 columns.
    ("blockspec_grid.fh13_mode_votes_64", C(r"^(VOTES_COLS = \[)(128, 64, 128)(\])"), _to("64, 64, 128")),
    # ? 96-column blocks (the grid floors 256 / 96).
    ("blockspec_grid.fh13_mode_votes_96", C(r"^(VOTES_COLS = \[)(128, 64, 128)(\])"), _to("96, 96, 128")),
    # pipeline.py (max_concurrent_steps must be positive) depth 0.
    ("pipeline.fh13_median_depth_0", C(r"^(DEPTH = )(2)()(?=\s*$)"), _to("0")),
    # ? the index map transposed over a 4x2 grid (column blocks past the array).
    ("blockspec_grid.fh13_median_index_swapped", C(r"(spec = pl\.BlockSpec\(BLOCK, lambda i, j: )(\(i, j\))(\))"),
     _to("(j, i)")),
    # pallas/core.py (index map result rank) a 1-tuple for a 2-D block.
    ("blockspec_grid.fh13_median_index_rank", C(r"(spec = pl\.BlockSpec\(BLOCK, lambda i, j: )(\(i, j\))(\))"),
     _to("(i,)")),

    # ============================================================ timedelta_steps (datetime.timedelta)
    # (a float block row count) total_seconds() not converted.
    ("blockspec_grid.fh13_timedelta_float_rows", C(r"^(BLOCK_ROWS = )(int\(STEP\.total_seconds\(\)\))( \+ 4)"),
     _to("STEP.total_seconds()")),
    # (a float grid 4.0) true division of timedeltas.
    ("blockspec_grid.fh13_timedelta_true_div", C(r"^(STEPS = WINDOW )(//)( STEP)"), _to("/")),
    # ? 30-second steps: 8 steps of 34 rows.
    ("blockspec_grid.fh13_timedelta_step_30", C(r"(datetime\.timedelta\(seconds=)(60)(\))"), _to("30")),
    # ? an empty window: a grid of zero steps and an empty array.
    ("pipeline.fh13_timedelta_window_0", C(r"(datetime\.timedelta\(minutes=)(4)(\))"), _to("0")),
    # launch_context.py:1278 (TMA needs 16 bytes along the minor dimension) COLS 2.
    ("copy_tma.fh13_timedelta_cols_2", C(r"^(COLS = )(128)()(?=\s*$)"), _to("2")),
    # pallas/core.py (index map arity) a two-argument map for a 1-D grid.
    ("blockspec_grid.fh13_timedelta_index_arity", C(r"(lambda )(i)(: \(i, 0\))"), _to("i, j")),
    # ? 60-row blocks.
    ("blockspec_grid.fh13_timedelta_rows_60", C(r"(int\(STEP\.total_seconds\(\)\) \+ )(4)()"), _to("0")),

    # ============================================================ memoryview_strided (memoryview.cast)
    # (memoryview.cast TypeError before any launch: the product of the shape is not the length) 100 columns.
    ("control_flow.fh13_memview_shape_product", C(r"(\.cast\(\"B\", shape=\[64, )(128)(\]\))"), _to("100")),
    # (a vector width 3) twelve bytes cast to "I".
    ("vector_width.fh13_memview_vec_3", C(r"(memoryview\(bytes\()(8)(\)\)\.cast\(\"I\"\))"), _to("12")),
    # (expected clean) unsigned shorts: vector width 4.
    ("vector_width.fh13_memview_vec_4", C(r"(memoryview\(bytes\(8\)\)\.cast\(\")(I)(\"\))"), _to("H")),
    # (expected clean) the shape transposed: (128, 64).
    ("vector_width.fh13_memview_transposed", C(r"(\.cast\(\"B\", shape=)(\[64, 128\])(\))"), _to("[128, 64]")),
    # (layout inference of an iota: layout_missing) the ramp's layout_cast removed.
    ("layout_missing.fh13_memview_no_layout_cast",
     C(r"(ramp = )(plgpu\.layout_cast\(jax\.lax\.broadcasted_iota\(jnp\.float32, SHAPE, 0\), LAYOUT\))()"),
     _to("jax.lax.broadcasted_iota(jnp.float32, SHAPE, 0)")),
    # (broadcasted_iota's dimension out of range) dimension 2.
    ("ops_dtypes.fh13_memview_iota_dim_2", C(r"(broadcasted_iota\(jnp\.float32, SHAPE, )(0)(\))"), _to("2")),
    # ? an int32 ramp added to float32 rows.
    ("ops_dtypes.fh13_memview_ramp_int", C(r"(broadcasted_iota\(jnp\.)(float32)(, SHAPE, 0\))"), _to("int32")),

    # ============================================================ base64_vector_clip (base64 / binascii)
    # (a vector width 3) the packed bytes 128, 128, 3.
    ("vector_width.fh13_b64_vec_3", C(r"^(PACKED = \")(gIAI)(\")"), _to("gIAD")),
    # (expected clean) vector width 4.
    ("vector_width.fh13_b64_vec_4", C(r"^(PACKED = \")(gIAI)(\")"), _to("gIAE")),
    # ? vector width 16 (bf16: 256 bits per thread).
    ("vector_width.fh13_b64_vec_16", C(r"^(PACKED = \")(gIAI)(\")"), _to("gIAQ")),
    # (binascii.Error before any launch) the padding dropped.
    ("control_flow.fh13_b64_bad_padding", C(r"^(PACKED = \")(gIAI)(\")"), _to("gIA")),
    # (expected clean) the hex code "hf": float16.
    ("ops_dtypes.fh13_b64_hex_hf", C(r"(binascii\.unhexlify\(\")(6266)(\"\))"), _to("6866")),
    # (a KeyError before any launch) the hex code "fg".
    ("ops_dtypes.fh13_b64_hex_unknown", C(r"(binascii\.unhexlify\(\")(6266)(\"\))"), _to("6667")),
    # (a float32 value stored into a bf16 output) the cast back dropped.
    ("ref_store.fh13_b64_no_cast_back", C(r"(o_ref\[\.\.\.\] = jnp\.clip\(x, -1\.0, 1\.0\))(\.astype\(DTYPE\))()"), _to("")),

    # ============================================================ format_map_roles (str.format_map)
    # (set_max_registers: a multiple of 8) the producer's 42.
    ("kernel_mesh_config.fh13_fmt_low_42", C(r"(\"low\": )(40)(,)"), _to("42")),
    # (set_max_registers above 256) the consumer's 264.
    ("kernel_mesh_config.fh13_fmt_high_264", C(r"(\"high\": )(232)(,)"), _to("264")),
    # ? three threads: a third warpgroup that takes no branch.
    ("kernel_mesh_config.fh13_fmt_threads_3", C(r"(\"threads\": )(2)(\})"), _to("3")),
    # (a KeyError from format_map before any launch) the key renamed.
    ("control_flow.fh13_fmt_key_renamed", C(r"(VALUES = \{\")(axis)(\": \"role\")"), _to("axes")),
    # (a ValueError unpacking before any launch) split on the wrong separator.
    ("control_flow.fh13_fmt_split_sep", C(r"(\.format_map\(VALUES\)\.split\(\")(:)(\"\))"), _to(",")),
    # (an unbound axis name) thread_name a literal.
    ("axis_unknown.fh13_fmt_thread_name_wg", C(r"(thread_name=)(AXIS)(\))"), _to("\"wg\"")),
    # (expected clean?) the producer increases.
    ("kernel_mesh_config.fh13_fmt_action_increase", C(r"(plgpu\.set_max_registers\(LOW, action=\")(decrease)(\"\))"),
     _to("increase")),

    # ============================================================ bool_len_swizzle (__bool__ / __len__)
    # (expected clean) Swizzle(0) is falsy: the unswizzled branch.
    ("swizzle_tiling.fh13_bool_swizzle_0", C(r"^(SW = Swizzle\()(64)(\))"), _to("0")),
    # core.py "Swizzle 48 is not supported".
    ("swizzle_tiling.fh13_bool_swizzle_48", C(r"^(SW = Swizzle\()(64)(\))"), _to("48")),
    # (36 rows under an (8, n) tiling) Rows(4, 32).
    ("swizzle_tiling.fh13_len_rows_36", C(r"^(ROWS = len\(Rows\()(32)(, 32\)\))"), _to("4")),
    # launch_context.py:1921 "Async copies only support copying <=256 elements along each dimension": 320 rows.
    ("copy_tma.fh13_len_rows_320", C(r"^(ROWS = len\(Rows\()(32, 32)(\)\))"), _to("256, 64")),
    # lowering.py:1931 (minor tiling does not fit the 64-byte swizzle) COLS in bytes.
    ("swizzle_tiling.fh13_bool_cols_bytes", C(r"^(\s+COLS = )(SW\.nbytes // jnp\.dtype\(DTYPE\)\.itemsize)()"),
     _to("SW.nbytes")),
    # (ValueError "__len__() should return >= 0" before any launch) a negative length.
    ("control_flow.fh13_len_negative", C(r"(return )(sum\(self\.blocks\))()"), _to("-sum(self.blocks)")),
    # (TypeError "__bool__ should return bool" before any launch) __bool__ returns the int.
    ("control_flow.fh13_bool_returns_int", C(r"(return )(self\.nbytes > 0)()"), _to("self.nbytes")),

    # ============================================================ hash_eq_table (__eq__ / __hash__)
    # (three double-buffered (128, 128) f32 blocks past SMEM) the one-input key.
    ("pipeline.fh13_hash_lookup_one_input", C(r"(BLOCK = BLOCKS\[Key\(\"f32\", )(2)(\)\])"), _to("1")),
    # (a KeyError before any launch) the key no longer lower-cases its dtype.
    ("control_flow.fh13_hash_no_lower", C(r"(self\.dtype, self\.inputs = )(dtype\.lower\(\))(, inputs)"), _to("dtype")),
    # (a KeyError before any launch) identity hashing.
    ("control_flow.fh13_hash_identity", C(r"(return )(hash\(\(self\.dtype, self\.inputs\)\))()"), _to("id(self)")),
    # ? the f16 entry's (64, 128) block for float32 data (six 32 KiB buffers).
    ("pipeline.fh13_hash_f16_entry", C(r"(BLOCK = BLOCKS\[Key\(\")(f32)(\", 2\)\])"), _to("f16")),
    # pallas/core.py (index map result rank) a 3-tuple for a 2-D block.
    ("blockspec_grid.fh13_hash_index_rank", C(r"(spec = pl\.BlockSpec\(BLOCK, lambda i, j: )(\(i, j\))(\))"),
     _to("(i, j, 0)")),
    # ? a 200-column array (grid floors to 3 column blocks).
    ("blockspec_grid.fh13_hash_shape_200", C(r"^(SHAPE = \(256, )(256)(\))"), _to("200")),
    # ? a float16 second operand (mixed dtypes in the body).
    ("ops_dtypes.fh13_hash_mixed_dtypes", C(r"(jax\.jit\(sub\)\(x, )(x)(\))"), _to("x.astype(jnp.float16)")),

    # ============================================================ getitem_sequence_slots (__getitem__ sequence)
    # (a ValueError unpacking three values before any launch) a third value.
    ("control_flow.fh13_getitem_three_values", C(r"(_values = )(\(4, 32\))()"), _to("(4, 32, 8)")),
    # (expected clean) five slots: 160 rows.
    ("barrier.fh13_getitem_slots_5", C(r"(_values = \()(4)(, 32\))"), _to("5")),
    # launch_context.py:1921 (the whole 400-row tile stored by one TMA) 100-row parts.
    ("copy_tma.fh13_getitem_part_100", C(r"(_values = \(4, )(32)(\))"), _to("100")),
    # ? 3-row parts.
    ("copy_tma.fh13_getitem_part_3", C(r"(_values = \(4, )(32)(\))"), _to("3")),
    # ? one barrier fewer than slots (a static barrier index past the array).
    ("barrier.fh13_getitem_barriers_short", C(r"(plgpu\.Barrier\(num_barriers=)(SLOTS)(\))"), _to("SLOTS - 1")),
    # primitives.py:235 "Expected shapes to match": a part copied into the whole SMEM tile.
    ("copy_tma.fh13_getitem_dst_unsliced", C(r"(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bars\.at\[i\]\))"), _to("smem")),
    # (a wait on the whole barrier array: one barrier expected) the index dropped.
    ("barrier.fh13_getitem_wait_array", C(r"(plgpu\.barrier_wait\()(bars\.at\[i\])(\))"), _to("bars")),

    # ============================================================ while_else_chunks (while / break / else)
    # (the loop's else: the user's ValueError before any launch) limit 0.
    ("control_flow.fh13_while_limit_0", C(r"^(LIMIT = )(48)()"), _to("0")),
    # (the user's ValueError: the loop never breaks) break replaced by pass.
    ("control_flow.fh13_while_no_break", C(r"^(\s+)(break)()(?=\s*$)"), _to("pass")),
    # (expected clean) a wide limit: one chunk.
    ("copy_tma.fh13_while_limit_200", C(r"^(LIMIT = )(48)()"), _to("200")),
    # (expected clean?) tripling: three 42-row chunks that leave two rows unloaded.
    ("copy_tma.fh13_while_triple", C(r"^(\s+n \*= )(2)()"), _to("3")),
    # (expected clean: arrivals are not checked) one arrival for four copies.
    ("barrier.fh13_while_arrivals_1", C(r"(plgpu\.Barrier\(num_arrivals=)(CHUNKS)(\))"), _to("1")),
    # launch_context.py:1278 (16 bytes along the minor dimension) COLS 2.
    ("copy_tma.fh13_while_cols_2", C(r"^(ROWS, COLS = 128, )(64)()(?=\s*$)"), _to("2")),
    # primitives.py:235: a chunk copied into the whole SMEM tile.
    ("copy_tma.fh13_while_dst_unsliced", C(r"(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bar\))"), _to("smem")),

    # ============================================================ try_finally_fori (try / finally, del)
    # (a KeyError before any launch) the key misspelt.
    ("control_flow.fh13_finally_key_typo", C(r"^(STEPS = take\(\")(steps)(\"\))"), _to("step")),
    # (a KeyError before any launch: finally deleted it) the scale read under the deleted key.
    ("control_flow.fh13_finally_deleted_key", C(r"^(SCALE = take\(\")(scale)(\"\))"), _to("steps")),
    # (the user's assert before any launch) an extra setting left over.
    ("control_flow.fh13_finally_extra_key", C(r"(\"debug\": True)()(\})"), lambda m: f'{m.group(1)}, "mode": 1{m.group(3)}'),
    # (a 100-element vector: not a whole number of the vector layout) n 100.
    ("vector_width.fh13_finally_n_100", C(r"(\"n\": )(256)(,)"), _to("100")),
    # (fori_loop with float bounds: a TypeError from lax) steps 4.0.
    ("control_flow.fh13_finally_steps_float", C(r"(\"steps\": )(4)(,)"), _to("4.0")),
    # (fori_loop carry types differ: body returns float32) the initial carry float16.
    ("control_flow.fh13_fori_carry_f16", C(r"(lax\.fori_loop\(0, STEPS, body, )(x \* 0\.0)(\))"),
     _to("(x * 0.0).astype(jnp.float16)")),
    # ? an int32 input (the carry becomes float32 through the scale).
    ("ops_dtypes.fh13_fori_input_int", C(r"(jax\.jit\(accumulate\)\(jnp\.ones\(\(N,\), jnp\.)(float32)(\)\))"),
     _to("int32")),

    # ============================================================ difflib_multimem (difflib)
    # (an IndexError before any launch: no close match) the request "gpu".
    ("control_flow.fh13_difflib_no_match", C(r"(get_close_matches\(\")(device)(\")"), _to("gpu")),
    # (difflib's ValueError "n must be > 0" before any launch) n 0.
    ("control_flow.fh13_difflib_n_0", C(r"(KNOWN_AXES, n=)(1)(\))"), _to("0")),
    # (expected clean) the request "replica": axis "replicas" throughout.
    ("axis_unknown.fh13_difflib_replica", C(r"(get_close_matches\(\")(device)(\")"), _to("replica")),
    # primitives.py:5749 (collective_axes must cover the mesh axes) a literal axis "x".
    ("shard_map_axis_names_subset.fh13_multimem_axis_literal", C(r"(plgpu\.multimem_store\(tile, y_ref, )(\(AXIS,\))(\))"),
     _to("(\"x\",)")),
    # ("Splat layout does not support multimem") the layout_cast dropped.
    ("layout_missing.fh13_multimem_splat",
     C(r"(tile = )(plgpu\.layout_cast\(jnp\.full\(\(ROWS, COLS\), 1\.5, DTYPE\), plgpu\.Layout\.WGMMA\))()"),
     _to("jnp.full((ROWS, COLS), 1.5, DTYPE)")),
    # (the WGMMA layout needs 64-row multiples) 32 rows.
    ("layout_unsupported.fh13_multimem_rows_32", C(r"^(ROWS, COLS = )(128)(, 64)"), _to("32")),
    # ? float16 tiles.
    ("ops_dtypes.fh13_multimem_f16", C(r"^(DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("float16")),

    # ============================================================ formatter_parse_reduce (string.Formatter.parse)
    # (jnp.dtype("max") TypeError before any launch) two fields swapped in the pattern.
    ("control_flow.fh13_fparse_fields_swapped", C(r"( by \{)(max\} as \{int32)(\} )"), _to("int32} as {max")),
    # (a ValueError unpacking before any launch) a field escaped.
    ("control_flow.fh13_fparse_escaped", C(r"(reduce over )(\{x\})( by)"), _to("{{x}}")),
    # (a vector width 3) the field {3}.
    ("vector_width.fh13_fparse_vec_3", C(r"(in vectors of \{)(4)(\})"), _to("3")),
    # (expected clean) min.
    ("reduction_dtype.fh13_fparse_min", C(r"( by \{)(max)(\} as)"), _to("min")),
    # (an unsupported multimem reduction op) mul.
    ("reduction_dtype.fh13_fparse_mul", C(r"( by \{)(max)(\} as)"), _to("mul")),
    # ? a float32 max all-reduce.
    ("reduction_dtype.fh13_fparse_f32", C(r"( as \{)(int32)(\} in)"), _to("float32")),
    # ? float16 (max over 16-bit floats).
    ("reduction_dtype.fh13_fparse_f16", C(r"( as \{)(int32)(\} in)"), _to("float16")),
    # (multimem_load_reduce's collective axes not the mesh's) a literal axis "y".
    ("shard_map_axis_names_subset.fh13_fparse_axes_literal", C(r"(collective_axes=)(\(AXIS,\))(, reduction_op)"),
     _to("(\"y\",)")),

    # ============================================================ compress_dropwhile_signal (itertools)
    # (the user's assert before any launch) three axes selected.
    ("control_flow.fh13_compress_three_axes", C(r"^(USED = \[)(0, 1, 1, 0)(\])"), _to("1, 1, 1, 0")),
    # (the user's assert before any launch: no pair) one axis selected.
    ("control_flow.fh13_compress_one_axis", C(r"^(USED = \[)(0, 1, 1, 0)(\])"), _to("0, 1, 0, 0")),
    # (jax.make_mesh: one size for two names, before the kernel) the threshold 4.
    ("kernel_mesh_config.fh13_dropwhile_threshold_4", C(r"(dropwhile\(lambda s: s < )(2)(, SIZES\))"), _to("4")),
    # ? a 1x1 mesh.
    ("kernel_mesh_config.fh13_dropwhile_threshold_1", C(r"(dropwhile\(lambda s: s < )(2)(, SIZES\))"), _to("1")),
    # primitives.py:6010 "collective_axes ... must equal entire mesh axes": one axis of two.
    ("shard_map_axis_names_subset.fh13_signal_axes_partial", C(r"(semaphore_signal_multicast\(sem, collective_axes=)(AXES)(\))"),
     _to("AXES[:1]")),
    # ? the axes reversed.
    ("shard_map_axis_names_subset.fh13_signal_axes_reversed",
     C(r"(semaphore_signal_multicast\(sem, collective_axes=)(AXES)(\))"), _to("AXES[::-1]")),
    # (expected clean) the wait for one signal.
    ("barrier.fh13_signal_wait_one", C(r"(pl\.semaphore_wait\(sem, )(DEVICES)(\))"), _to("1")),
    # ? a 2x4 mesh (eight host devices).
    ("kernel_mesh_config.fh13_dropwhile_sizes_2x4", C(r"^(SIZES = \[1, 1, 2, )(2)(, 4\])"), _to("4")),

    # ============================================================ userdict_reduce (UserDict __setitem__)
    # (jnp.maximum takes no axis: a TypeError) "maximum".
    ("ops_dtypes.fh13_userdict_maximum", C(r"(CFG\[\"reduce\"\] = \")(max)(\")"), _to("maximum")),
    # (expected clean) "sum".
    ("reduction_dtype.fh13_userdict_sum", C(r"(CFG\[\"reduce\"\] = \")(max)(\")"), _to("sum")),
    # ? "prod" (a product reduction in the WGMMA layout).
    ("reduction_dtype.fh13_userdict_prod", C(r"(CFG\[\"reduce\"\] = \")(max)(\")"), _to("prod")),
    # (144 rows: the WGMMA layout needs 64-row multiples) rounding to 48.
    ("layout_unsupported.fh13_userdict_round_48", C(r"(value = -\(-value // )(64)(\) \* 64)"), _to("48")),
    # (the unrounded (100, 60) tile in the WGMMA layout) the override renamed, so UserDict stores as given.
    ("layout_unsupported.fh13_userdict_no_override", C(r"(  def )(__setitem__)(\(self, key, value\):)"), _to("__set_item__")),
    # (a float shape: the rounding skips non-ints) cols 60.0.
    ("control_flow.fh13_userdict_float_cols", C(r"(Aligned\(rows=100, cols=)(60)(\))"), _to("60.0")),
    # (a (64,) reduction stored into a (128,) output) the reduction axis 0.
    ("ref_store.fh13_userdict_axis_0", C(r"(load_as\(x_ref, plgpu\.Layout\.WGMMA\), axis=)(1)(\))"), _to("0")),

    # ============================================================ kw_only_ws_pipeline (dataclasses.KW_ONLY)
    # (a TypeError: too many positional arguments, before any launch) cols passed positionally.
    ("control_flow.fh13_kwonly_positional", C(r"^(PLAN = WsPlan\(256, 128, )(depth=2)(\))"), _to("64")),
    # ? one concurrent step in a warp-specialized pipeline.
    ("pipeline.fh13_kwonly_depth_1", C(r"^(PLAN = WsPlan\(256, 128, depth=)(2)(\))"), _to("1")),
    # (set_max_registers: a multiple of 8) memory registers 44.
    ("pipeline.fh13_kwonly_registers_44", C(r"(memory_registers: int = )(40)()"), _to("44")),
    # ? two compute warpgroups over 128-row blocks.
    ("pipeline.fh13_kwonly_compute_2", C(r"(compute_wgs: int = )(1)()"), _to("2")),
    # ? 96-row blocks (the grid floors 256 / 96).
    ("blockspec_grid.fh13_kwonly_block_96", C(r"^(PLAN = WsPlan\(256, )(128)(, depth=2\))"), _to("96")),
    # (the pipeline's wg_axis is not the kernel's thread axis) thread_name "warp".
    ("axis_unknown.fh13_kwonly_thread_name", C(r"(thread_name=)(PLAN\.axis)(\))"), _to("\"warp\"")),
    # launch_context.py:1278 (16 bytes along the minor dimension) cols 2.
    ("copy_tma.fh13_kwonly_cols_2", C(r"(cols: int = )(64)()"), _to("2")),

    # ============================================================ protocol_cluster_barrier (typing.Protocol)
    # ? a Solo plan: a cluster of one named "solo".
    ("cluster_collective.fh13_protocol_solo", C(r"(plan\()(Duo)(\(\)\))"), _to("Solo")),
    # ? a Duo without axis(): isinstance fails and the solo plan is used.
    ("cluster_collective.fh13_protocol_method_renamed", C(r"^(  def )(axis)(\(self\):)"), _to("axes")),
    # ? a cluster of four (32-row parts).
    ("cluster_collective.fh13_protocol_size_4", C(r"(    return )(2)()(?=\s*$)"), _to("4")),
    # (a ClusterBarrier over a grid axis, not a cluster axis) collective_axes ("cta",).
    ("cluster_collective.fh13_protocol_barrier_grid_axis", C(r"(plgpu\.ClusterBarrier\(collective_axes=)(\(AXIS,\))(\))"),
     _to("(\"cta\",)")),
    # (a grid axis and a cluster axis of one name) grid_names (AXIS,).
    ("kernel_mesh_config.fh13_protocol_grid_name_dup", C(r"(grid_names=)(\(\"cta\",\))(,)"), _to("(AXIS,)")),
    # primitives.py:235 "Expected shapes to match": the whole input copied into a part.
    ("copy_tma.fh13_protocol_src_unsliced", C(r"(plgpu\.copy_gmem_to_smem\()(x_gmem\.at\[rows\])(, smem, bar\))"), _to("x_gmem")),
    # ? a cluster of three (42-row parts).
    ("cluster_collective.fh13_protocol_size_3", C(r"(    return )(2)()(?=\s*$)"), _to("3")),

    # ============================================================ getattribute_split_store (__getattribute__)
    # (a static slice past the 128-row tile) head 64 (64 + 80 rows).
    ("copy_tma.fh13_getattr_head_64", C(r"(\"head\": )(48)(,)"), _to("64")),
    # (expected clean) tail 64.
    ("copy_tma.fh13_getattr_tail_64", C(r"(\"tail\": )(80)(,)"), _to("64")),
    # launch_context.py:1278 (16 bytes along the minor dimension) cols 2.
    ("copy_tma.fh13_getattr_cols_2", C(r"(\{\"cols\": )(64)(,)"), _to("2")),
    # (a KeyError from __getattribute__ before any launch) the key misspelt.
    ("control_flow.fh13_getattr_key_typo", C(r"(\"tail)()(\": 80)"), lambda m: f'{m.group(1)}s{m.group(3)}'),
    # (a RecursionError before any launch) the lookup goes through self.
    ("control_flow.fh13_getattr_recursion", C(r"(return )(object\.__getattribute__\(self, name\))()"),
     _to("self.__getattribute__(name)")),
    # (expected clean) each store commits its own group.
    ("copy_tma.fh13_getattr_commit_each", C(r"(head_gmem, commit_group=)(False)(\))"), _to("True")),
    # ? a 44-row head (a 44 + 80 split of 128 rows).
    ("copy_tma.fh13_getattr_head_44", C(r"(\"head\": )(48)(,)"), _to("44")),

    # ============================================================ int_subclass_blocks (int subclass __new__)
    # (the user's assert before any launch) blocks rounded to 100: 200 does not divide 3072.
    ("control_flow.fh13_intsub_multiple_100", C(r"(def __new__\(cls, value, multiple=)(128)(\):)"), _to("100")),
    # (the user's assert before any launch) the length rounded to 1000.
    ("control_flow.fh13_intsub_n_multiple_1000", C(r"(RoundedUp\(3000, multiple=)(1024)(\))"), _to("1000")),
    # ? 1024-element windows (grid of three).
    ("vector_width.fh13_intsub_block_1000", C(r"^(BLOCK = RoundedUp\()(200)(\))"), _to("1000")),
    # ? 8-element windows.
    ("vector_width.fh13_intsub_block_8", C(r"^(BLOCK = RoundedUp\()(200)(\))"), _to("8, multiple=8")),
    # (an unbound axis name) axis_index of "block".
    ("axis_unknown.fh13_intsub_axis_typo", C(r"(lax\.axis_index\(\")(blk)(\"\))"), _to("block")),
    # (grid_names longer than the grid) two names.
    ("kernel_mesh_config.fh13_intsub_grid_names_2", C(r"(grid_names=)(\(\"blk\",\))(\))"), _to("(\"blk\", \"x\")")),
    # (the user's assert: 200 does not divide 3072) no rounding.
    ("control_flow.fh13_intsub_no_round", C(r"(super\(\)\.__new__\(cls, )(-\(-value // multiple\) \* multiple)(\))"),
     _to("value")),

    # ============================================================ reversed_stages_pipeline (__reversed__)
    # (expected clean) ascending order: swizzle 32 over 16-column blocks.
    ("swizzle_tiling.fh13_reversed_ascending", C(r"(sorted\(self\.sizes, reverse=)(True)(\))"), _to("False")),
    # (TypeError "not reversible" before any launch) __reversed__ renamed.
    ("control_flow.fh13_reversed_renamed", C(r"(  def )(__reversed__)(\(self\):)"), _to("reversed_")),
    # core.py "Swizzle 256 is not supported".
    ("swizzle_tiling.fh13_reversed_stage_256", C(r"^(STAGES = Stages\(32, 64, )(128)(\))"), _to("256")),
    # lowering.py:1931 (minor tiling does not fit swizzle) block columns in bytes.
    ("swizzle_tiling.fh13_reversed_cols_bytes", C(r"^(BLOCK_COLS = )(SWIZZLE // 2)()"), _to("SWIZZLE")),
    # (StopIteration at import, before any launch) no stage fits the bound.
    ("control_flow.fh13_reversed_bound_16", C(r"(if s <= )(64)(\))"), _to("16")),
    # (a float32 value stored into an f16 block) the constant float32.
    ("ref_store.fh13_reversed_const_f32", C(r"(jnp\.asarray\(1\.0, jnp\.)(float16)(\))"), _to("float32")),
    # ? a (16, n) tiling.
    ("swizzle_tiling.fh13_reversed_tiling_16", C(r"(plgpu\.TilingTransform\(\()(8)(, BLOCK_COLS\)\))"), _to("16")),

    # ============================================================ plistlib_wgmma_load (plistlib)
    # core.py "Swizzle 96 is not supported".
    ("swizzle_tiling.fh13_plist_swizzle_96", C(r"(<key>swizzle</key><integer>)(128)(</integer>)"), _to("96")),
    # ? float32 (a 32-column tiling of a 64-column f32 tile read in the WGMMA layout).
    ("ops_dtypes.fh13_plist_dtype_f32", C(r"(<key>dtype</key><string>)(bf16)(</string>)"), _to("f32")),
    # (the WGMMA layout needs 64-row multiples) 32 rows.
    ("layout_unsupported.fh13_plist_rows_32", C(r"(<array><integer>)(64)(</integer><integer>64)"), _to("32")),
    # (a TypeError: str // int, before any launch) the swizzle a string.
    ("control_flow.fh13_plist_swizzle_string", C(r"(<key>swizzle</key>)(<integer>128</integer>)()"),
     _to("<string>128</string>")),
    # (a KeyError before any launch) the key misspelt.
    ("control_flow.fh13_plist_key_typo", C(r"(<key>)(swizzle)(</key>)"), _to("swizzel")),
    # (plistlib's parse error before any launch) the closing tag dropped.
    ("control_flow.fh13_plist_unclosed", C(r"^(</dict>)(</plist>)()"), _to("")),
    # ? 128 columns (two swizzle tiles along the row).
    ("layout_unsupported.fh13_plist_cols_128", C(r"(<integer>64</integer><integer>)(64)(</integer></array>)"), _to("128")),

    # ============================================================ ipaddress_remote_store (ipaddress)
    # ? a /30: four devices (1 - axis_index is negative on two of them).
    ("kernel_mesh_config.fh13_ip_devices_4", C(r"(ip_network\(\"10\.0\.0\.0/)(31)(\"\))"), _to("30")),
    # (expected clean) 16 rows.
    ("copy_tma.fh13_ip_rows_16", C(r"(ip_network\(\"10\.0\.0\.0/)(29)(\"\))"), _to("28")),
    # (ipaddress ValueError "has host bits set" before any launch) the network address 10.0.0.1.
    ("control_flow.fh13_ip_host_bits", C(r"(ip_network\(\"10\.0\.0\.)(0)(/25\"\))"), _to("1")),
    # ? two columns.
    ("ref_store.fh13_ip_cols_2", C(r"(ip_network\(\"10\.0\.0\.0/)(25)(\"\))"), _to("31")),
    # (the kernel takes a semaphore that is not allocated) no scratch.
    ("kernel_args.fh13_ip_no_semaphore", C(r"(scratch_types=)(\[plgpu\.SemaphoreType\.REGULAR\])(,)"), _to("[]")),
    # (a device id over an unknown mesh axis) a dict device id on "y".
    ("axis_unknown.fh13_ip_device_dict", C(r"(plgpu\.remote_ref\(y_ref, )(peer)(\))"), _to("{\"y\": peer}")),
    # (expected clean) the signal to this device.
    ("barrier.fh13_ip_signal_local", C(r"(pl\.semaphore_signal\(recv_sem)(, device_id=peer)(\))"), _to("")),

    # ============================================================ jax_add_one_grid_with_scratch
    # primitives.py / lowering (store shape mismatch) a 64-element scratch.
    ("ref_store.fh13_scratch_shape_64", C(r"(scratch_shapes=\[plgpu\.SMEM\(\()(128)(,\), jnp\.float32\)\])"), _to("64")),
    # (a float32 value stored into an int32 scratch) the scratch int32.
    ("ref_store.fh13_scratch_dtype_i32", C(r"(scratch_shapes=\[plgpu\.SMEM\(\(128,\), jnp\.)(float32)(\)\])"), _to("int32")),
    # ? a 3-step grid over two blocks.
    ("blockspec_grid.fh13_scratch_grid_3", C(r"^(    grid=)(2)(,)"), _to("3")),
    # (a 100-element block stored into the 128-element scratch) the input block 100.
    ("ref_store.fh13_scratch_in_block_100", C(r"(in_specs=\[pl\.BlockSpec\(\()(128)(,\), lambda \*i: i\)\])"), _to("100")),
    # pallas/core.py (index map result rank) a 2-D index for a 1-D block.
    ("blockspec_grid.fh13_scratch_index_rank", C(r"(out_specs=pl\.BlockSpec\(\(128,\), lambda \*i: )(i)(\))"), _to("(0, *i)")),
    # (a 128-element scratch stored into a 256-element block) the output block 256.
    ("ref_store.fh13_scratch_out_block_256", C(r"(out_specs=pl\.BlockSpec\(\()(128)(,\), lambda)"), _to("256")),

    # ============================================================ jax_barrier_repeated_indexing
    # ? the inner slice past the outer one.
    ("barrier.fh13_barrier_slice_past", C(r"(barrier_ref\.at\[2:4\]\.at\[)(1:2)(\])"), _to("1:3")),
    # (an arrive on two barriers: one expected) the inner slice dropped.
    ("barrier.fh13_barrier_two_arrive", C(r"(b = barrier_ref\.at\[2:4\])(\.at\[1:2\])()"), _to("")),
    # primitives.py:1648 "Barrier does not support slice with `stride != 1`".
    ("barrier.fh13_barrier_stride_2", C(r"(barrier_ref\.at\[)(2:4)(\]\.at)"), _to("0:4:2")),
    # ? three barriers: index 3 past the array.
    ("barrier.fh13_barrier_num_3", C(r"(plgpu\.Barrier\(num_barriers=)(4)(\)\])"), _to("3")),
    # (a wait on the whole barrier array) the index dropped.
    ("barrier.fh13_barrier_wait_array", C(r"(plgpu\.barrier_wait\()(barrier_ref\.at\[3\])(\))"), _to("barrier_ref")),
    # (a 64-element value stored into a 128-element ref) ones of 64.
    ("ref_store.fh13_barrier_store_64", C(r"(o_ref\[\.\.\.\] = )(jnp\.ones_like\(o_ref\))()"), _to("jnp.ones((64,), jnp.float32)")),

    # ============================================================ jax_copy_gmem_to_smem_with_indexed_barrier
    # ? index 4 of four barriers.
    ("barrier.fh13_indexed_barrier_4", C(r"^(indexer, num_barriers = )(0)(, 4)"), _to("4")),
    # (a 2-D index into a 1-D barrier array) indexer (0, 0).
    ("barrier.fh13_indexed_barrier_2d_index", C(r"^(indexer, num_barriers = )(0)(, 4)"), _to("(0, 0)")),
    # primitives.py:643 "Expected a single barrier": a 2x2 barrier array indexed once.
    ("barrier.fh13_indexed_barrier_2d_array", C(r"^(indexer, num_barriers = 0, )(4)()"), _to("(2, 2)")),
    # primitives.py:235 "Expected shapes to match": a 64-element scratch.
    ("copy_tma.fh13_indexed_scratch_64", C(r"(plgpu\.SMEM\(\()(128)(,\), jnp\.float32\),)"), _to("64")),
    # primitives.py:227 "Expected dtypes to match": a float16 scratch.
    ("copy_tma.fh13_indexed_scratch_f16", C(r"(plgpu\.SMEM\(\(128,\), jnp\.)(float32)(\),)"), _to("float16")),
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs".
    ("copy_tma.fh13_indexed_no_barrier", C(r"^(\s+x_ref_gmem, scratch_ref)(, barrier_ref\.at\[indexer\])()"), _to("")),
    # (a wait on the whole barrier array) the index dropped.
    ("barrier.fh13_indexed_wait_array", C(r"(plgpu\.barrier_wait\()(barrier_ref\.at\[indexer\])(\))"), _to("barrier_ref")),

    # ============================================================ jax_scalar_broadcast
    # (a 64-element value stored into a 128-element ref) broadcast to 64.
    ("ref_store.fh13_scalar_broadcast_64", C(r"(jnp\.array\(42, dtype=jnp\.int32\), )(\(128,\))(\))"), _to("(64,)")),
    # (a float32 value stored into an int32 ref) the scalar float32.
    ("ref_store.fh13_scalar_float", C(r"(jnp\.array\(42, dtype=jnp\.)(int32)(\))"), _to("float32")),
    # (a (128, 1) value stored into a (128,) ref) a 2-D broadcast.
    ("ref_store.fh13_scalar_broadcast_2d", C(r"(jnp\.array\(42, dtype=jnp\.int32\), )(\(128,\))(\))"), _to("(128, 1)")),
    # ? a 100-element output (a 128-element value stored into it).
    ("ref_store.fh13_scalar_out_100", C(r"(out_type=jax\.ShapeDtypeStruct\()(\(128,\))(, jnp\.int32\))"), _to("(100,)")),
    # (expected clean) int64 under x64 off: int32.
    ("ops_dtypes.fh13_scalar_int64", C(r"(jnp\.array\(42, dtype=jnp\.)(int32)(\))"), _to("int64")),
    # ? an int16 output.
    ("ref_store.fh13_scalar_out_int16", C(r"(out_type=jax\.ShapeDtypeStruct\(\(128,\), jnp\.)(int32)(\))"), _to("int16")),

    # ============================================================ jax_fori_loop_tuple
    # ? force_while: dynamic bounds, a while loop.
    ("control_flow.fh13_fori_tuple_force_while", C(r"^(force_while = )(False)()"), _to("True")),
    # (a float32 sum broadcast into an int32 ref) the carries float32.
    ("ref_store.fh13_fori_tuple_float_carry", C(r"(\(jnp\.)(int32)(\(0\),\) \* 3)"), _to("float32")),
    # (lax.cond branches of different types) one branch adds a float.
    ("control_flow.fh13_fori_tuple_cond_types", C(r"(lambda x: x \+ )(1)(, lambda x: x, x\))"), _to("1.0")),
    # (a float32 output written with int32) out_shape float32.
    ("ref_store.fh13_fori_tuple_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[256\], jnp\.)(int32)(\))"), _to("float32")),
    # (a (128,) value stored into a (256,) ref) the broadcast shape.
    ("ref_store.fh13_fori_tuple_shape", C(r"^(\s+)(o_ref\.shape)(,)"), _to("(128,)")),
    # (fori_loop with a float bound) lower bound 2.0.
    ("control_flow.fh13_fori_tuple_float_bound", C(r"(_fori_loop\(force_while, )(2)(, 4, body)"), _to("2.0")),

    # ============================================================ jax_cond_returning_array
    # (lax.cond branch outputs differ: int32 vs float32) the second branch's array scaled by 1.0.
    ("control_flow.fh13_cond_branch_types", C(r"(lambda: \(acc_sum, )(x_ref\[\.\.\.\])(\),)"), _to("x_ref[...] * 1.0")),
    # (lax.cond branch outputs differ) the first branch's scalar times 2.0.
    ("control_flow.fh13_cond_scalar_float", C(r"(lambda: \(acc_sum \* )(2)(, x_ref)"), _to("2.0")),
    # ? an int16 sum (a non-32-bit reduction).
    ("reduction_dtype.fh13_cond_sum_int16", C(r"(return jnp\.sum\(x, dtype=)(x\.dtype)(\))"), _to("jnp.int16")),
    # (a float32 value stored into the int32 output) the input float32.
    ("ref_store.fh13_cond_input_f32", C(r"(x = jnp\.arange\(256, dtype=jnp\.)(int32)(\))"), _to("float32")),
    # ? an int predicate (x % 2).
    ("control_flow.fh13_cond_int_pred", C(r"(acc_sum % 2)( == 0)(,)"), _to("")),
    # ? a 128-element output from a 256-element input (both read through the default BlockSpecs).
    ("ref_store.fh13_cond_out_128", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[)(256)(\], jnp\.int32\))"), _to("128")),

    # ============================================================ jax_tile_slicing
    # lowering.py:1931 (the (8, 128) tiling of uint8 under a 128-byte swizzle: 64 columns expected... or a mismatch)
    # the transforms computed for uint8.
    ("swizzle_tiling.fh13_tile_transforms_uint8", C(r"(transforms=default_transforms\(dtype=jnp\.)(uint16)(\))"), _to("uint8")),
    # ? a 64-byte swizzle (32-column tiles under 64-column slices).
    ("swizzle_tiling.fh13_tile_swizzle_64", C(r"(def default_transforms\(\*, swizzle=)(128)(, dtype\):)"), _to("64")),
    # (a uint32 accumulator stored into a uint16 output) the zeros uint32.
    ("ref_store.fh13_tile_acc_u32", C(r"(jnp\.zeros\(\(64, 64\), jnp\.)(uint16)(\))"), _to("uint32")),
    # (a 32-row slice added to a 64x64 accumulator) 32-row slices.
    ("ref_store.fh13_tile_rows_32", C(r"(row_slice = pl\.ds\(row \* 64, )(64)(\))"), _to("32")),
    # (a static column slice past 128 columns) four column steps of 64.
    ("swizzle_tiling.fh13_tile_cols_past", C(r"(for col in range\(128 // )(64)(\):)"), _to("32")),
    # (a 64x64 value stored into a 64x128 output) out_shape (64, 128).
    ("ref_store.fh13_tile_out_128", C(r"(out_shape=jax\.ShapeDtypeStruct\(\(64, )(64)(\), jnp\.uint16\))"), _to("128")),
    # ? the accumulator in the WGMMA row layout.
    ("layout_unsupported.fh13_tile_acc_row_layout", C(r"(jnp\.uint16\), plgpu\.Layout\.)(WGMMA)(\))"), _to("WGMMA_ROW")),

    # ============================================================ jax_emit_with_2d_grid
    # (a (32, 16, 4) block stored into a (32, 16, 8) block) the input block's last dimension 4.
    ("ref_store.fh13_emit2d_in_block_4", C(r"(in_specs=\[pl\.BlockSpec\(\(32, 16, )(8)(\), lambda)"), _to("4")),
    # ? the index map's grid axes swapped (blocks past the array).
    ("blockspec_grid.fh13_emit2d_index_swapped", C(r"(in_specs=\[pl\.BlockSpec\(\(32, 16, 8\), lambda i, j: )(\(0, i, j\))(\))"),
     _to("(0, j, i)")),
    # pipeline.py (max_concurrent_steps must be positive) 0.
    ("pipeline.fh13_emit2d_steps_0", C(r"(max_concurrent_steps=)(2)(,)"), _to("0")),
    # ? static=True: the grid as jnp arrays.
    ("pipeline.fh13_emit2d_static", C(r"^(static, short = )(False)(, False)"), _to("True")),
    # (8 bytes along the minor dimension: TMA needs 16) the output block's last dimension 2.
    ("copy_tma.fh13_emit2d_out_block_2", C(r"(out_specs=\[pl\.BlockSpec\(\(32, 16, )(8)(\), lambda)"), _to("2")),
    # (expected clean) short=True: a 1x1 grid.
    ("pipeline.fh13_emit2d_short", C(r"^(static, short = False, )(False)()"), _to("True")),

    # ============================================================ jax_pipelined_copy
    # (set_max_registers: a multiple of 8) memory registers 44.
    ("pipeline.fh13_wscopy_registers_44", C(r"(memory_registers=)(40)(,)"), _to("44")),
    # ? one concurrent step.
    ("pipeline.fh13_wscopy_steps_1", C(r"(= 512, 512, 1, False, )(2)()"), _to("1")),
    # (expected clean) manual consumed barriers (the test's own parameter).
    ("pipeline.fh13_wscopy_manual_barriers", C(r"(= 512, 512, 1, )(False)(, 2)"), _to("True")),
    # (24 bytes along the minor dimension of an f16 block: not a multiple of 16) 12-element blocks.
    ("copy_tma.fh13_wscopy_blk_12", C(r"^(blk_m = blk_n = )(32)()"), _to("12")),
    # (two compute warpgroups plus a memory one need three threads) num_compute_wgs 2.
    ("pipeline.fh13_wscopy_compute_2", C(r"(num_compute_wgs=)(1)(,)"), _to("2")),
    # (an unbound axis name) wg_axis "warp".
    ("axis_unknown.fh13_wscopy_wg_axis", C(r"(wg_axis=\")(wg)(\",)"), _to("warp")),
    # (an f16 block stored into a float32 output block) the last-block output float32.
    ("ref_store.fh13_wscopy_last_f32", C(r"(jax\.ShapeDtypeStruct\(\(2 \* blk_m, blk_n\), jnp\.)(float16)(\),)"), _to("float32")),
    # pallas/core.py (index map result rank) the invariant map returns one index.
    ("blockspec_grid.fh13_wscopy_invariant_rank", C(r"(index_map=lambda i, j: )(\(0, 0\))()"), _to("(0,)")),

    # ============================================================ jax_core_map_multiple_wg
    # ? three warpgroups writing rows of a 2-row output.
    ("kernel_mesh_config.fh13_multiwg_threads_3", C(r"(num_threads=)(2)(,)"), _to("3")),
    # (an unbound axis name) thread_name "warpgroup".
    ("axis_unknown.fh13_multiwg_thread_name", C(r"(thread_name=\")(wg)(\",)"), _to("warpgroup")),
    # (a 64-element value stored into a 128-element row) broadcast to 64.
    ("ref_store.fh13_multiwg_row_64", C(r"(jnp\.broadcast_to\(wg_idx, )(\(128,\))(\))"), _to("(64,)")),
    # (an int32 value stored into a float32 output) the output float32.
    ("ref_store.fh13_multiwg_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(2, 128\), np\.)(int32)(\),)"), _to("float32")),
    # ? the whole output written by each warpgroup.
    ("ref_store.fh13_multiwg_whole_ref", C(r"(o_ref\[)(wg_idx)(\] = )"), _to("...")),
    # (a 128-element value stored into a 100-element row) the output (2, 100).
    ("ref_store.fh13_multiwg_out_100", C(r"(out_type=jax\.ShapeDtypeStruct\(\(2, )(128)(\), np\.int32\),)"), _to("100")),

    # ============================================================ jax_wait_twice
    # primitives.py:5093 "Must signal int32 values": a float increment.
    ("barrier.fh13_wait_twice_signal_float", C(r"(pl\.semaphore_signal\(sem, )(2)(, device_id)"), _to("2.0")),
    # (a device id over an unknown mesh axis) a dict on "y".
    ("axis_unknown.fh13_wait_twice_device_dict", C(r"(pl\.semaphore_signal\(sem, 2, device_id=)(other_dev_id)(\))"),
     _to("{'y': other_dev_id}")),
    # (an unbound axis name) axis_index('y').
    ("axis_unknown.fh13_wait_twice_axis_y", C(r"(other_dev_id = 1 - lax\.axis_index\(')(x)('\))"), _to("y")),
    # (a (8, 64) value stored into an (8, 128) ref) ones of (8, 64).
    ("ref_store.fh13_wait_twice_store_shape", C(r"(y_ref\[\.\.\.\] = )(jnp\.ones_like\(y_ref\))()"), _to("jnp.ones((8, 64), jnp.float32)")),
    # (shard_map in_specs for an argument the kernel does not take) in_specs P('x').
    ("kernel_args.fh13_wait_twice_in_specs", C(r"(in_specs=)(\(\))(, out_specs=P\(None\))"), _to("P('x')")),
    # ? a wait for a float count.
    ("barrier.fh13_wait_twice_wait_float", C(r"^(\s+pl\.semaphore_wait\(sem)()(\))"), lambda m: f"{m.group(1)}, 1.0{m.group(3)}"),

    # ============================================================ jax_signal_parallel
    # (the kernel takes two semaphores, one is allocated) one semaphore.
    ("kernel_args.fh13_sigpar_one_semaphore", C(r"(scratch_types=\[plgpu\.SemaphoreType\.REGULAR\] \* )(2)(,)"), _to("1")),
    # primitives.py:5103 "`device_id`s must be int32 values": a float device id.
    ("barrier.fh13_sigpar_device_float", C(r"(plgpu\.SemaphoreSignal\(sem2, device_id=)(other_dev_id)(\),)"),
     _to("other_dev_id.astype(jnp.float32)")),
    # (expected clean) the second signal local.
    ("barrier.fh13_sigpar_local", C(r"(plgpu\.SemaphoreSignal\(sem2)(, device_id=other_dev_id)(\),)"), _to("")),
    # primitives.py:5093 "Must signal int32 values": an int16 increment.
    ("barrier.fh13_sigpar_inc_int16", C(r"(plgpu\.SemaphoreSignal\(sem, device_id=other_dev_id)()(\),)"),
     lambda m: f"{m.group(1)}, inc=jnp.int16(1){m.group(3)}"),

    # ============================================================ jax_multimem_store_regs
    # (iota layout inference, or "Splat layout does not support multimem") the layout_cast dropped.
    ("layout_missing.fh13_mmregs_no_layout_cast",
     C(r"(output = )(plgpu\.layout_cast\(lax\.broadcasted_iota\(jnp\.int32, \(128, 128\), 1\), plgpu\.Layout\.WGMMA\))()"),
     _to("lax.broadcasted_iota(jnp.int32, (128, 128), 1)")),
    # primitives.py:5735 "Value shape ... does not match ref shape": a (128, 64) tile.
    ("ref_store.fh13_mmregs_shape", C(r"(broadcasted_iota\(jnp\.int32, )(\(128, 128\))(, 1\))"), _to("(128, 64)")),
    # primitives.py:5733 "Value dtype ... does not match ref dtype": a float32 tile.
    ("ref_store.fh13_mmregs_dtype", C(r"(broadcasted_iota\(jnp\.)(int32)(, \(128, 128\), 1\))"), _to("float32")),
    # primitives.py:5749 (collective_axes must include the mesh axes) axis 'y'.
    ("shard_map_axis_names_subset.fh13_mmregs_axis_y", C(r"(plgpu\.multimem_store\(output, y_ref, ')(x)('\))"), _to("y")),
    # ? the iota in the WGMMA row layout.
    ("layout_unsupported.fh13_mmregs_row_layout", C(r"(1\), plgpu\.Layout\.)(WGMMA)(\))"), _to("WGMMA_ROW")),
    # ? a one-device mesh.
    ("kernel_mesh_config.fh13_mmregs_one_device", C(r"(jax\.devices\(\)\[:)(2)(\])"), _to("1")),

    # ============================================================ generic
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs".
    ("copy_tma.fh13_load_without_barrier", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem, smem)(, bar)(\))"), _to("")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh13_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\(bar\))()(?=\s*$)"), _to("pass")),
    # (expected clean?) the final wait for the TMA store removed.
    ("copy_tma.fh13_wait_store_dropped", C(r"^(\s+)(plgpu\.wait_smem_to_gmem\(0\))()(?=\s*$)"), _to("pass")),
    # ? Warpgroup semantics for a Lane kernel.
    ("compiler_params.fh13_semantics_warpgroup", C(r"(plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
)


def famheld13_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
