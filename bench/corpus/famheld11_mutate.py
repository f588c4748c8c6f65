"""One-edit mutations for the eleventh held-out families corpus `famheld11` (issue 27), written blind from JAX's own
checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py,
jax/_src/pallas/core.py, jax/experimental/mosaic/gpu/{wgmma,tcgen05,launch_context,utils}.py and
jax/_src/lax/control_flow of JAX 0.12.0.1, each cited at its operator as file:line, from
/work/shared/jax-raise-sites/sites.tsv and the installed sources) and nothing else: the checker was not read, and
the earlier sets' operators (famheld_mutate.py ... famheld10_mutate.py, family_mutate.py) only for their names
(every name here carries the prefix `fh11_`).

The bases (build_famheld11.py) keep what the kernel depends on in Python structures that no earlier set used: a
metaclass __getattr__, a types.ModuleType subclass with __getattr__, contextvars.ContextVar, an XML element tree,
urllib.parse.parse_qs, a sqlite3 in-memory table, graphlib.TopologicalSorter, getopt, a custom exception's payload,
a collections.abc.Mapping unpacked with **, dataclasses.fields metadata, the functional Enum API, Enum aliases,
Enum._generate_next_value_, decimal.Decimal, complex numbers, operator.index over __index__, __add__ / __radd__
with sum(), for / else, recursion, itertools.takewhile, exec into a namespace, bytes.fromhex / int.from_bytes,
pickle with __getstate__ / __setstate__, vars(obj).update, an iterator class's __next__, fnmatch and array.array.
So most operators edit the value where the program keeps it (an XML attribute, a query string, an SQL row, a
dependency graph, an argv list, an exception payload, a Mapping key, a field's metadata, an Enum member or alias, a
_generate_next_value_ formula, a Decimal, a complex literal, an __index__ result, a partial config, a loop's break,
a recursion step, a takewhile predicate, an exec'd source line, a hex header, a pickled state, a vars() update, an
iterator's stop, an fnmatch rule, an array typecode), and others (marked "kernel") edit the kernel or its launch;
a few generic ones ("generic") fit many bases and are capped by --max-per-op. Nothing here decides whether a
mutant fails: label.py lowers each one under real JAX; "(expected clean)" marks operators written expecting none.
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ------------------------------------------------------------ swizzle_tiling
    # mosaic_gpu/core.py:1390 "Swizzle {n} is not supported. Only 32, 64 and 128 are accepted.": the metaclass base's
    # class attribute SWIZZLE 256.
    ("swizzle_tiling.fh11_metaclass_swizzle_256", C(r"^(\s+SWIZZLE = )(128)()(?=\s*$)"), _to("256")),
    # core.py:1402 "Swizzle {n} requires the trailing dimension to be of size ...": the class's COLS 32 (64 bytes).
    ("swizzle_tiling.fh11_metaclass_cols_32", C(r"^(\s+COLS = )(64)()(?=\s*$)"), _to("32")),
    # lowering.py:1931 "Minor tiling dimension does not fit swizzle": the metaclass derives ELEMS in bytes.
    ("swizzle_tiling.fh11_metaclass_elems_bytes", C(r"(return )(cls\.SWIZZLE // jnp\.dtype\(cls\.DTYPE\)\.itemsize)()"),
     _to("cls.SWIZZLE")),
    # core.py:1390: the Enum's DEFAULT no longer an alias of WIDE but a new member 96.
    ("swizzle_tiling.fh11_alias_default_96", C(r"^(\s+DEFAULT = )(128)()(?=\s*$)"), _to("96")),
    # (expected clean) DEFAULT an alias of MEDIUM: a 64-byte swizzle over 32 bf16 columns.
    ("swizzle_tiling.fh11_alias_default_medium", C(r"^(\s+DEFAULT = )(128)()(?=\s*$)"), _to("64")),
    # (expected clean) the member NARROW picked by name: a 32-byte swizzle over 16 bf16 columns.
    ("swizzle_tiling.fh11_alias_member_narrow", C(r"(Swizzle\.__members__\[\")(DEFAULT)(\"\])"), _to("NARROW")),
    # lowering.py:1931: the alias base's COLS written as 128 bf16 (256 bytes) under a 128-byte swizzle.
    ("swizzle_tiling.fh11_alias_cols_128", C(r"^(COLS = )(SWIZZLE // jnp\.dtype\(DTYPE\)\.itemsize)()"), _to("128")),
    # lowering.py:1951 "Only 2D tiling is supported" / 1931: the alias base's tiling rows 16 (expected clean?).
    ("swizzle_tiling.fh11_alias_tiling_rows_16", C(r"(TRANSFORMS = \(plgpu\.TilingTransform\(\()(8)(, COLS\)\))"), _to("16")),
    # core.py:1402 / lowering.py:1931: the sqlite row's swizzle 64 for 64 bf16 columns of K.
    ("swizzle_tiling.fh11_sqlite_swizzle_64", C(r"(\(\"wide\", 64, 128, 64, )(128)(, \"bfloat16\"\))"), _to("64")),
    # lowering.py:1931 (generic, the JAX bf16 / f16 bases): default_transforms' (8, 64) written (8, 32).
    ("swizzle_tiling.fh11_default_transforms_16bit_32",
     C(r"(transforms = \(plgpu\.TilingTransform\(\(8, )(64)(\)\), plgpu\.SwizzleTransform\(128\)\))"), _to("32")),
    # lowering.py:1931 / primitives.py:4961 (generic): a (8, 32) f32 tiling written (8, 64).
    ("swizzle_tiling.fh11_f32_tiling_64", C(r"(TilingTransform\(\(8, )(32)(\)\), plgpu\.SwizzleTransform\(128\))"), _to("64")),
    # primitives.py:3020 "MMA lhs tiling does not fit swizzle": default_transforms' itemsize bits written 32.
    ("swizzle_tiling.fh11_mma_tiling_bits_32", C(r"(TilingTransform\(\(8, 8 \* swizzle // )(16)(\)\))"), _to("32")),
    # (expected clean?) the collective matmul's swizzle 64 (the test's second swizzle).
    ("swizzle_tiling.fh11_collective_swizzle_64", C(r"(m_n_k, swizzle, ab_type, lhs_tmem = \(256, 256, 256\), )(128)(,)"),
     _to("64")),
    # primitives.py:4961 "Tiling does not fit swizzle" (SMEM -> TMEM copy): the uint8 SMEM swizzle 128.
    ("swizzle_tiling.fh11_warp_map_swizzle_128", C(r"(default_transforms\(dtype=jnp\.uint8, swizzle=)(64)(\))"), _to("128")),

    # ------------------------------------------------------------ copy_tma
    # launch_context.py:1278 "Async copies require the number of bits copied along the last dimension to be divisible
    # by 128": the query string's tile 2 columns wide.
    ("copy_tma.fh11_qs_tile_cols_2", C(r"(tile=64&tile=)(128)(&)"), _to("2")),
    # launch_context.py:1921 "Async copies only support copying <=256 elements along each dimension": tile rows 512.
    ("copy_tma.fh11_qs_tile_rows_512", C(r"(\"tile=)(64)(&tile=)"), _to("512")),
    # (a static window past the staged tile: pl.ds bounds) the last complex window 64 rows tall.
    ("copy_tma.fh11_complex_window_past_end", C(r"(WINDOWS = \[0 \+ 64j, 64 \+ 32j, 96 \+ )(32j)(\])"), _to("64j")),
    # (expected clean) real and imaginary parts swapped: windows (64, 64), (32, 32), (32, 32), all in bounds.
    ("copy_tma.fh11_complex_real_imag_swapped", C(r"(rows = pl\.ds\(int\(w\.)(real)(\), int\(w\.imag\)\))"), _to("imag")),
    # launch_context.py:1278: the complex base's rows 2 float32 wide.
    ("copy_tma.fh11_complex_cols_2", C(r"^(ROWS, COLS = 128, )(64)()(?=\s*$)"), _to("2")),
    # primitives.py:896 "Expected source shape ...": a row window copied into the whole SMEM tile.
    ("copy_tma.fh11_complex_dst_unsliced", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bar)"),
     _to("smem")),
    # (expected clean) the head part 40 rows: the parts still cover the tile.
    ("copy_tma.fh11_index_head_40", C(r"(HEAD, TAIL = Rows\()(32)(\), Rows\(96\))"), _to("40")),
    # primitives.py:235 "Expected shapes to match": the head output declared with the tail's rows.
    ("copy_tma.fh11_index_output_swapped", C(r"(outs = \(jax\.ShapeDtypeStruct\(\()(HEAD)(, COLS\), jnp\.float32\))"),
     _to("TAIL")),
    # (a TypeError from operator.index before any launch) __index__ returns a float.
    ("copy_tma.fh11_index_dunder_float", C(r"^(\s+return )(self\.count)()(?=\s*$)"), _to("float(self.count)")),
    # (expected clean) the head store commits its own group.
    ("copy_tma.fh11_store_commit_group_true", C(r"(head_gmem, commit_group=)(False)(\))"), _to("True")),
    # (a static window past the tile) the iterator yields one block more than the tile holds.
    ("copy_tma.fh11_iterator_one_more", C(r"(if self\.i >= )(self\.blocks)(:)"), _to("self.blocks + 1")),
    # launch_context.py:1278: the iterator base's rows 2 float32 wide.
    ("copy_tma.fh11_iterator_cols_2", C(r"^(\s*ROWS, COLS = 32, )(64)()(?=\s*$)"), _to("2")),
    # launch_context.py:1278: the exception payload's cols 2 (8 bytes per row).
    ("copy_tma.fh11_exception_cols_2", C(r"(raise Chosen\(size=size, axis=\"pair\", rows=rows, cols=)(128)(\))"), _to("2")),
    # primitives.py:227 "Expected dtypes to match": the bf16 estimation test's output declared float32.
    ("copy_tma.fh11_estimation_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(128, 256\), jnp\.)(bfloat16)(\))"),
     _to("float32")),
    # primitives.py:235: the second staged half stored to the first 128 columns.
    ("copy_tma.fh11_union_store_window", C(r"(plgpu\.copy_smem_to_gmem\(out_smem2, y_ref\.at\[:, )(256:512)(\]\))"),
     _to("0:128")),
    # primitives.py:1446 "n must be a non-negative integer" (generic).
    ("copy_tma.fh11_wait_smem_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),
    # (expected clean) the read-only wait of the staging tile made a full wait.
    ("copy_tma.fh11_wait_read_only_false", C(r"(plgpu\.wait_smem_to_gmem\(0, wait_read_only=)(True)(\))"), _to("False")),
    # primitives.py:88 "{name} must be a SMEM reference" (generic, kernel): a whole-ref store's operands swapped.
    ("copy_tma.fh11_store_operands_swapped", C(r"(plgpu\.copy_smem_to_gmem\()(smem, o_gmem)(\))"), _to("o_gmem, smem")),
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs" (generic, kernel).
    ("copy_tma.fh11_load_without_barrier", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem, smem)(, bar)(\))"), _to("")),
    # primitives.py:896: the graphlib base's stage buffer registered 64 rows tall.
    ("copy_tma.fh11_graphlib_stage_rows_64", C(r"(\"stage\": lambda: plgpu\.SMEM\()(SHAPE)(, jnp\.float32\))"),
     _to("(64, 128)")),

    # ------------------------------------------------------------ wgmma_mma
    # (expected clean) the sqlite query for the "small" f16 64 x 64 row.
    ("wgmma_mma.fh11_sqlite_query_small", C(r"(WHERE name = \?\", \(\")(wide)(\",\)\))"), _to("small")),
    # (a TypeError unpacking None before any launch) a query for a row the table does not hold.
    ("wgmma_mma.fh11_sqlite_query_missing", C(r"(WHERE name = \?\", \(\")(wide)(\",\)\))"), _to("tall")),
    # mosaic/gpu/wgmma.py:416 "N must be a multiple of 8 and <= 256" / the 64-element tiling of N: the row's n 100.
    ("wgmma_mma.fh11_sqlite_n_100", C(r"(\(\"wide\", 64, )(128)(, 64, 128, \"bfloat16\"\))"), _to("100")),
    # wgmma.py:69 "WGMMA requires m and n to be multiples of 64 and 8": the row's m 32.
    ("wgmma_mma.fh11_sqlite_m_32", C(r"(\(\"wide\", )(64)(, 128, 64, 128)"), _to("32")),
    # wgmma.py:135 "Unsupported wgmma types" / lowering.py:1931: the row's dtype float32.
    ("wgmma_mma.fh11_sqlite_dtype_f32", C(r"(\(\"wide\", 64, 128, 64, 128, \")(bfloat16)(\"\))"), _to("float32")),
    # wgmma.py:416 / the 64-element tiling of N: the shape part's tn 136.
    ("wgmma_mma.fh11_part_tn_136", C(r"(SHAPE_PART = Part\(tm=64, tn=)(128)(, tk=64\))"), _to("136")),
    # core.py:1402: the shape part's tk 32 (64 bytes of f16 under a 128-byte swizzle).
    ("wgmma_mma.fh11_part_tk_32", C(r"(SHAPE_PART = Part\(tm=64, tn=128, tk=)(64)(\))"), _to("32")),
    # wgmma.py:69: the shape part's tm 48.
    ("wgmma_mma.fh11_part_tm_48", C(r"(SHAPE_PART = Part\(tm=)(64)(,)"), _to("48")),
    # wgmma.py:135 / lowering.py:1931: the transform part's dtype float32.
    ("wgmma_mma.fh11_part_dtype_f32", C(r"(TRANSFORM_PART = Part\(swizzle=128, dtype=jnp\.)(float16)(\))"), _to("float32")),
    # (a TypeError before any launch) __add__ without __radd__'s start case: sum() starts from 0 + Part.
    ("wgmma_mma.fh11_radd_no_start", C(r"(return )(self if other == 0 else )(Part\(\{\*\*other, \*\*self\}\))"), _to("")),
    # primitives.py:2539 "n must be a non-negative integer" (generic): wgmma_wait(-1).
    ("wgmma_mma.fh11_wgmma_wait_negative", C(r"(plgpu\.wgmma_wait\()(\d)(\))"), _to("-1")),
    # (the accumulator's dtype against the f32 output) the ACC float16.
    ("wgmma_mma.fh11_acc_dtype_f16", C(r"(plgpu\.ACC\(\(CFG\[\"tm\"\], CFG\[\"tn\"\]\), jnp\.)(float32)(\))"), _to("float16")),
    # (expected clean) the collective matmul at the test's second shape (256, 128, 128).
    ("wgmma_mma.fh11_collective_mnk_second", C(r"(m_n_k, swizzle, ab_type, lhs_tmem = \()(256, 256, 256)(\))"),
     _to("256, 128, 128")),
    # (the test picks TCGEN05_M64_COLLECTIVE for m = 128; the adapted kernel keeps TCGEN05) the fourth shape.
    ("wgmma_mma.fh11_collective_mnk_m128", C(r"(m_n_k, swizzle, ab_type, lhs_tmem = \()(256, 256, 256)(\))"),
     _to("128, 64, 128")),
    # wgmma.py:135 / tcgen05 operand types: the collective matmul in bfloat16 (expected clean).
    ("wgmma_mma.fh11_collective_bf16", C(r"(\(256, 256, 256\), 128, jnp\.)(float16)(, False)"), _to("bfloat16")),

    # ------------------------------------------------------------ barrier
    # core.py:1721 "Num arrivals must be at least 1": the complex base's arrivals len(WINDOWS) - 3.
    ("barrier.fh11_complex_arrivals_zero", C(r"(plgpu\.Barrier\(num_arrivals=)(len\(WINDOWS\))(\))"), _to("len(WINDOWS) - 3")),
    # (expected clean: arrival counts are runtime) one arrival for three copies.
    ("barrier.fh11_complex_arrivals_one", C(r"(plgpu\.Barrier\(num_arrivals=)(len\(WINDOWS\))(\))"), _to("1")),
    # (expected clean) two TMA copies on a barrier of one arrival (generic).
    ("barrier.fh11_two_copies_one_arrival", C(r"(plgpu\.Barrier\()(num_arrivals=2)(\))"), _to("")),
    # core.py:1721: the handoff barrier of zero arrivals.
    ("barrier.fh11_handoff_arrivals_zero", C(r"(plgpu\.Barrier\(\), plgpu\.Barrier\()()(\)\],)"), _to("num_arrivals=0")),
    # (expected clean: a missing arrive deadlocks only at run time) the loader never arrives on the handoff.
    ("barrier.fh11_handoff_arrive_dropped", C(r"^(\s+)(plgpu\.barrier_arrive\(handoff\))()"), _to("pass")),
    # (a barrier index past the array) the iterator deals slot 4 of four.
    ("barrier.fh11_iterator_slot_past_array", C(r"(pair = \(self\.i, self\.i % )(self\.slots)(\))"), _to("(self.slots + 1)")),
    # primitives.py:643 "Expected a single barrier" / 1663: a two-dimensional index into a 1-D barrier array.
    ("barrier.fh11_iterator_slot_2d", C(r"(bars\.at\[)(slot)(\]\)\n?)$"), _to("slot, 0")),
    # core.py:1721: the barrier array declared with zero arrivals.
    ("barrier.fh11_barrier_array_arrivals_zero", C(r"(plgpu\.Barrier\(num_barriers=SLOTS)()(\))"), _to(", num_arrivals=0")),
    # (expected clean) the iterator stops one block early: three copies of four.
    ("barrier.fh11_iterator_stops_early", C(r"(if self\.i >= )(self\.blocks)(:)"), _to("self.blocks - 1")),
    # primitives.py:2874 / 3422 "MMA barrier must have orders_tensor_core set to True" (generic).
    ("barrier.fh11_mma_barrier_unordered", C(r"(plgpu\.Barrier\()(orders_tensor_core=True)(\))"), _to("")),
    # core.py:1746 ClusterBarrier "Num arrivals must be at least 1".
    ("barrier.fh11_cluster_barrier_arrivals_zero", C(r"(plgpu\.ClusterBarrier\(collective_axes=\(\"c\",\))()(\))"),
     _to(", num_arrivals=0")),
    # lowering.py:3323 "Unknown cluster axis": the paired-CTA test's ClusterBarrier over "cluster".
    ("barrier.fh11_cluster_barrier_axis_name", C(r"(plgpu\.ClusterBarrier\(collective_axes=\(\")(x)(\",\)\))"), _to("cluster")),

    # ------------------------------------------------------------ pipeline
    # pipeline.py:316 "max_concurrent_steps must be greater than all delay_release values": the XML depth 0.
    ("pipeline.fh11_xml_depth_zero", C(r"(<pipeline depth=\")(2)(\">)"), _to("0")),
    # (a TypeError from int(None) before any launch) the grid's attribute looked up as "col".
    ("pipeline.fh11_xml_grid_attr_missing", C(r"(GRID = tuple\(int\(PLAN\.find\(\"grid\"\)\.get\(k\)\) for k in \(\"rows\", \")(cols)(\"\)\))"),
     _to("col")),
    # pipeline.py:831 "Output specs and output gmem refs must have the same pytree structure": no output spec.
    ("pipeline.fh11_xml_no_out_specs", C(r"(in_specs=\[spec, spec\], out_specs=)(\[spec\])(,)"), _to("[]")),
    # (expected clean) rounding up: 512 / 128 is exact.
    ("pipeline.fh11_decimal_round_up", C(r"(rounding=decimal\.)(ROUND_DOWN)(\)\))"), _to("ROUND_UP")),
    # pipeline.py:299 "All elements in the grid must be strictly positive": the Decimal block 1024 rows (0 steps).
    ("pipeline.fh11_decimal_block_1024", C(r"(BLOCK_ROWS = decimal\.Decimal\(\")(128)(\"\))"), _to("1024")),
    # (a 100-row block over 512 rows: 5 steps leave 12 rows) the Decimal block 100.
    ("pipeline.fh11_decimal_block_100", C(r"(BLOCK_ROWS = decimal\.Decimal\(\")(128)(\"\))"), _to("100")),
    # pipeline.py:316: the partial config's depth 0.
    ("pipeline.fh11_part_depth_zero", C(r"(SCHEDULE_PART = Part\(k_steps=3, depth=)(2)(\))"), _to("0")),
    # (expected clean) a 1 KiB budget: the recursion stops at its 32-column floor.
    ("pipeline.fh11_recursion_budget_1k", C(r"^(BUDGET_BYTES = )(64 \* 1024)()"), _to("1024")),
    # (56-column blocks: 9 steps leave 8 columns) the recursion divides by 3.
    ("pipeline.fh11_recursion_divide_3", C(r"(return fit\(width // )(2)(, depth\))"), _to("3")),
    # pipeline.py:299: STEPS 0 (generic for STEPS = expressions).
    ("pipeline.fh11_steps_zero", C(r"^(STEPS = )(.+)()(?=\s*$)"), _to("0")),
    # (expected clean? out-of-bounds TMA reads are not checked at lowering) one step past the columns.
    ("pipeline.fh11_recursion_extra_step", C(r"^(STEPS = )(COLS // BLOCK_COLS)()"), _to("COLS // BLOCK_COLS + 1")),
    # (two compute warpgroups need three threads) the warp-specialized pipeline's num_compute_wgs 2.
    ("pipeline.fh11_ws_two_compute", C(r"(num_compute_wgs=)(1)(,)"), _to("2")),

    # ------------------------------------------------------------ blockspec_grid
    # jax/_src/pallas/core.py:680 "Index map function ... must return {n} values": the 2-D index map returns one value.
    ("blockspec_grid.fh11_index_map_one_of_two", C(r"(pl\.BlockSpec\(BLOCK, lambda i, j: \()(i, j)(\)\))"), _to("i,")),
    # (expected clean? block indices past the array are not checked at lowering) the 2-D index map transposed.
    ("blockspec_grid.fh11_index_map_transposed", C(r"(pl\.BlockSpec\(BLOCK, lambda i, j: \()(i, j)(\)\))"), _to("j, i")),
    # pallas core.py:680: the column pipeline's index map drops its row index.
    ("blockspec_grid.fh11_index_map_drops_row", C(r"(pl\.BlockSpec\(\(ROWS, BLOCK_COLS\), lambda j: \()(0, j)(\)\))"), _to("j,")),
    # pallas core.py:626 "Block shape ... must have the same number of dimensions as the array": a 3-D block.
    ("blockspec_grid.fh11_block_3d", C(r"(pl\.BlockSpec\()(\(ROWS, BLOCK_COLS\))(, lambda j: \(0, j\)\))"), _to("(1, ROWS, BLOCK_COLS)")),
    # pallas core.py:680: the decimal base's 1-D index map returns two values.
    ("blockspec_grid.fh11_index_map_extra", C(r"(pl\.BlockSpec\(BLOCK, lambda i: \()(i, 0)(\)\))"), _to("i, 0, 0")),
    # (a 300-element window: register layouts of 128 threads) the vars() block 300.
    ("blockspec_grid.fh11_vars_block_300", C(r"(\"block\": )(512)(\})"), _to("300")),
    # (a 300-element window) the contextvar base's BLOCK 300.
    ("blockspec_grid.fh11_contextvar_block_300", C(r"^(N, BLOCK = 2048, )(256)()"), _to("300")),

    # ------------------------------------------------------------ kernel_mesh_config
    # (an AttributeError from the metaclass before any launch) a misspelt class attribute.
    ("kernel_mesh_config.fh11_metaclass_attr_typo", C(r"(plgpu\.SwizzleTransform\(Tile\.)(SWIZZLE)(\)\))"), _to("SWIZZLES")),
    # lowering.py:3395 "Axis {name} does not refer to a GPU mesh axis": the contextvar kernel's axis "i".
    ("kernel_mesh_config.fh11_contextvar_axis_name", C(r"(lax\.axis_index\(\")(b)(\"\) \* BLOCK)"), _to("i")),
    # core.py:1860 "grid_names must have the same length as grid": a third axis in the query string.
    ("kernel_mesh_config.fh11_qs_extra_axis", C(r"(&axis=row&axis=col)()(\")"), _to("&axis=pipe")),
    # core.py:1860: one grid entry dropped from the query string.
    ("kernel_mesh_config.fh11_qs_grid_one", C(r"(&)(grid=2&)(grid=2&axis)"), _to("")),
    # (a graphlib.CycleError before any launch) the stage made to depend on the ready barrier.
    ("kernel_mesh_config.fh11_graphlib_cycle", C(r"(DEPENDS = \{\"stage\": )(set\(\))(,)"), _to("{\"ready\"}")),
    # primitives.py:3544 "n must be a positive multiple of 8": the producer's budget 44.
    ("kernel_mesh_config.fh11_budget_unaligned", C(r"(BUDGET = \{\"producer\": )(40)(,)"), _to("44")),
    # (expected clean) the producer asks to increase its registers.
    ("kernel_mesh_config.fh11_budget_action_swapped", C(r"(set_max_registers\(BUDGET\[\"producer\"\], action=\")(decrease)(\"\))"),
     _to("increase")),
    # (expected clean) a third role in the budget: three threads, the third idle.
    ("kernel_mesh_config.fh11_budget_extra_role", C(r"(\"consumer\": 232)()(\})"), _to(", \"epilogue\": 40")),
    # lowering.py:3395 (generic): the launch's thread_name renamed.
    ("kernel_mesh_config.fh11_thread_name_renamed", C(r"(thread_name=\")(who|wg)(\")"), lambda m: f"{m.group(1)}{m.group(2)}_id\""),
    # (a Chosen exception escaping before any launch) the except clause catching ValueError.
    ("kernel_mesh_config.fh11_exception_caught_wrong", C(r"(except )(Chosen)( as found:)"), _to("ValueError")),
    # (zero threads) the Mapping's num_threads 0.
    ("kernel_mesh_config.fh11_mapping_threads_zero", C(r"(LAUNCH = Launch\(threads=)(2)(, name=)"), _to("0")),
    # core.py:1868 "num_threads and thread_name must be either both set or both None": the name None.
    ("kernel_mesh_config.fh11_mapping_name_none", C(r"(, name=)(\"lane_group\")(\))"), _to("None")),
    # (a TypeError: plgpu.kernel has no thread_names keyword) the Mapping's key misspelt.
    ("kernel_mesh_config.fh11_mapping_key_typo", C(r"(\"num_threads\": threads, \")(thread_name)(\": name)"), _to("thread_names")),
    # primitives.py:3544 (through emit_pipeline_warp_specialized): memory_registers 44.
    ("kernel_mesh_config.fh11_ws_memory_registers_44", C(r"(memory_registers=)(40)(,)"), _to("44")),
    # (one thread for a warp-specialized pipeline) num_threads 1.
    ("kernel_mesh_config.fh11_ws_num_threads_1", C(r"(num_threads=)(2)(, thread_name=\"wg\")"), _to("1")),
    # lowering.py:3395: the pipeline's wg_axis not the kernel's thread name.
    ("kernel_mesh_config.fh11_ws_axis_mismatch", C(r"(wg_axis=\")(wg)(\")"), _to("warpgroup")),
    # lowering.py:3395: the vars() kernel's grid named "block" while it indexes "chunk".
    ("kernel_mesh_config.fh11_vars_grid_name", C(r"(grid_names=\(\")(chunk)(\",\))"), _to("block")),
    # core.py:1858 "cluster= must be at most 3D": a 4-D cluster.
    ("kernel_mesh_config.fh11_cluster_4d", C(r"(cluster=\()(CLUSTER,)(\))"), _to("CLUSTER, 1, 1, 1")),
    # core.py:1860 (generic): a second grid name for a 1-D grid.
    ("kernel_mesh_config.fh11_grid_names_extra", C(r"(grid_names=\(\"\w+\",)()(\))"), _to(" \"extra\"")),
    # (collective TMEM needs a cluster of 2) the collective store test's cluster of 1.
    ("kernel_mesh_config.fh11_collective_cluster_1", C(r"^(\s+cluster=\()(2)(,\),)"), _to("1")),

    # ------------------------------------------------------------ cluster_collective
    # launch_context.py:1250 "None of the leading dimensions ... is divisible by the collective size": a cluster of 3
    # from the exception payload.
    ("cluster_collective.fh11_exception_size_3", C(r"(raise Chosen\(size=)(size)(, axis=\"pair\")"), _to("3")),
    # lowering.py:3323 "Unknown cluster axis": the multicast copy over the grid axis.
    ("cluster_collective.fh11_multicast_axis_grid", C(r"(collective_axes=)(PLAN\[\"axis\"\])(\))"), _to("\"g\"")),
    # core.py:1864 "cluster_names must have the same length as cluster": no cluster names.
    ("cluster_collective.fh11_cluster_names_empty", C(r"(cluster_names=\()(PLAN\[\"axis\"\],)(\))"), _to("")),
    # (expected clean) the array's cluster 3 (42-row parts).
    ("cluster_collective.fh11_array_cluster_3", C(r"(array\.array\(\"H\", \[)(2)(, 128, 64\]\))"), _to("3")),
    # (an OverflowError before any launch) the array's typecode signed char: 128 does not fit.
    ("cluster_collective.fh11_array_typecode_b", C(r"(array\.array\(\")(H)(\", \[)"), _to("b")),
    # lowering.py:3323: the ClusterBarrier over the grid axis.
    ("cluster_collective.fh11_cluster_barrier_grid_axis", C(r"(plgpu\.ClusterBarrier\(collective_axes=\(\")(c)(\",\)\))"),
     _to("blk")),
    # primitives.py:3498 "Can only perform collective MMA along minormost cluster axis" / 3323: collective_axis "y".
    ("cluster_collective.fh11_mma_collective_axis_y", C(r"(collective_axis=\")(x)(\")"), _to("y")),

    # ------------------------------------------------------------ register_layouts
    # layout_rules.py:70 "Array shape ... is not divisible by tile shape": the module defaults' rows 100.
    ("register_layouts.fh11_module_rows_100", C(r"(\"rows\": )(128)(,)"), _to("100")),
    # mosaic/gpu/utils.py:441 "Only 32-, 64- and 128-bit loads are supported": the field metadata's vec 8.
    ("register_layouts.fh11_metadata_vec_8", C(r"(\"vec\": )(4)(\})"), _to("8")),
    # (WG_STRIDED of 128 x 256 over 128 threads x 3) the field metadata's vec 3.
    ("register_layouts.fh11_metadata_vec_3", C(r"(\"vec\": )(4)(\})"), _to("3")),
    # (WG_STRIDED of 128 x 200 over 128 threads x 4) the cols field's default 200.
    ("register_layouts.fh11_metadata_cols_200", C(r"(cols: int = dataclasses\.field\(default=)(256)(,)"), _to("200")),
    # (a 1-D layout for a 2-D tile) the rows field's role misspelt, so SHAPE keeps only the columns.
    ("register_layouts.fh11_metadata_role_typo", C(r"(rows: int = dataclasses\.field\(default=128, metadata=\{\"role\": \")(shape)(\"\}\))"),
     _to("shapes")),
    # (lax: iota dimension out of range) the ramp over dimension 2 of a 2-D shape.
    ("register_layouts.fh11_iota_dimension_2", C(r"(broadcasted_iota\(PLAN\.data, SHAPE, )(0)(\))"), _to("2")),
    # (expected clean) the functional Enum's MAX member.
    ("register_layouts.fh11_reduce_choice_max", C(r"(CHOICE = Reduce\[\")(SUM)(\"\])"), _to("MAX")),
    # (a column reduction of a WGMMA-layout tile) AXIS 0.
    ("register_layouts.fh11_reduce_axis_0", C(r"^(AXIS = )(1)()(?=\s*$)"), _to("0")),
    # lowering.py:3162 "Unsupported layout" (reductions): the tile loaded WG_STRIDED.
    ("register_layouts.fh11_reduce_layout_strided", C(r"(x = load_as\(x_ref, )(plgpu\.Layout\.WGMMA)(\))"),
     _to("plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2)")),
    # primitives.py:5447 "Invalid shape for `swap`": the reduction's output declared with the reduced dimension.
    ("register_layouts.fh11_reduce_out_shape", C(r"(out_type=jax\.ShapeDtypeStruct\(\(SHAPE\[)(1 - AXIS)(\],\), jnp\.float32\))"),
     _to("AXIS")),
    # (a ValueError from the Enum before any launch) the member looked up by value "SUM" (values are lower case).
    ("register_layouts.fh11_functional_enum_by_value", C(r"(CHOICE = Reduce)(\[\"SUM\"\])()"), _to("(\"SUM\")")),
    # utils.py:441: for / else admits 256-bit vectors (vec 16 of bf16).
    ("register_layouts.fh11_for_else_bits_256", C(r"^(MAX_BITS = )(128)()(?=\s*$)"), _to("256")),
    # (WG_STRIDED of 64 x 250: 16000 elements over 128 threads x 2) the shape's cols 250.
    ("register_layouts.fh11_for_else_cols_250", C(r"^(SHAPE = \(64, )(256)(\))"), _to("250")),
    # utils.py:441: the break replaced by pass, so the else clause sets vec 1 (16-bit loads).
    ("register_layouts.fh11_for_else_no_break", C(r"^(\s+)(break)()(?=\s*$)"), _to("pass")),
    # utils.py:441: the load-reduce's WG_STRIDED vec 8 over float32.
    ("register_layouts.fh11_load_reduce_vec_8", C(r"(plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=)(4)(\))"), _to("8")),
    # (a 100-element vector under Warpgroup semantics) the griddepcontrol input 100 long.
    ("register_layouts.fh11_griddep_len_100", C(r"(x = jnp\.arange\()(128)(\))"), _to("100")),
    # (a WGMMA-layout load of 100 rows) the cond test's shape (100, 256).
    ("register_layouts.fh11_cond_rows_100", C(r"^(shape = \()(64)(, 256\))"), _to("100")),

    # ------------------------------------------------------------ ops_dtypes
    # (8-bit pointwise arithmetic: lowering.py:2640 / 2762) the metaclass base's DTYPE float8_e4m3fn.
    ("ops_dtypes.fh11_metaclass_dtype_fp8", C(r"^(\s+DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float8_e4m3fn")),
    # (8-bit pointwise arithmetic) the module DTYPE bfloat16 -> float8_e5m2 (generic: alias and for / else bases).
    ("ops_dtypes.fh11_dtype_bf16_fp8", C(r"^(DTYPE = jnp\.)(bfloat16)()(?=\s*$)"), _to("float8_e5m2")),
    # lowering.py:1127 "Unimplemented primitive in Pallas Mosaic GPU lowering": expm1 for exp.
    ("ops_dtypes.fh11_exp_as_expm1", C(r"(o_ref\[win\] = jnp\.)(exp)(\(x_ref\[win\]\) \* 0\.5)"), _to("expm1")),
    # lowering.py:1127: log1p for log(x + 1).
    ("ops_dtypes.fh11_log_as_log1p", C(r"(o_ref\[win\] = )(jnp\.log\(x_ref\[win\] \+ 1\.0\))()"), _to("jnp.log1p(x_ref[win])")),
    # lowering.py:1127: the fnmatch rule's op expm1.
    ("ops_dtypes.fh11_fnmatch_op_expm1", C(r"(\(\"soft\*\", \{\"dtype\": \"float32\", \"op\": \")(exp)(\"\}\))"), _to("expm1")),
    # (expected clean?) the kernel named softplus_bf16: the bf16 rule.
    ("ops_dtypes.fh11_fnmatch_name_bf16", C(r"^(NAME = \")(softplus)(\")"), _to("softplus_bf16")),
    # (float16 tanh and log) the kernel renamed so that only the catch-all rule matches.
    ("ops_dtypes.fh11_fnmatch_name_fallback", C(r"^(NAME = \")(softplus)(\")"), _to("plus")),
    # (an int32 input: exp converts to float, the store to an int32 ref) the rule's dtype int32.
    ("ops_dtypes.fh11_fnmatch_dtype_int32", C(r"(\(\"soft\*\", \{\"dtype\": \")(float32)(\")"), _to("int32")),
    # lowering.py:1127: a product reduction through the functional Enum's table.
    ("ops_dtypes.fh11_reduce_prod", C(r"(OPS = \{Reduce\.SUM: jnp\.)(sum)(,)"), _to("prod")),
    # (expected clean) the field's dtype int32: an int32 ramp times an int32 tile.
    ("ops_dtypes.fh11_metadata_dtype_int32", C(r"(data: object = dataclasses\.field\(default=jnp\.)(float32)(,)"), _to("int32")),
    # (expected clean) squaring in bf16 without the float32 round trip.
    ("ops_dtypes.fh11_for_else_no_upcast", C(r"(o_ref\[\.\.\.\] = )(\(x\.astype\(jnp\.float32\) \* x\.astype\(jnp\.float32\)\)\.astype\(DTYPE\))()"),
     _to("x * x")),
    # lowering.py:1127: a cumulative sum in the first griddepcontrol kernel.
    ("ops_dtypes.fh11_griddep_cumsum", C(r"(out_ref\[\.\.\.\] = )(x_ref\[\.\.\.\] \+ 1\.0)()"), _to("jnp.cumsum(x_ref[...])")),
    # (an int32 input: x + 1.0 is float32, the output int32) the griddepcontrol input int32.
    ("ops_dtypes.fh11_griddep_int_input", C(r"(x = jnp\.arange\(128\)\.astype\(jnp\.)(float32)(\))"), _to("int32")),
    # (expected clean?) the cond test's input int8 instead of int4.
    ("ops_dtypes.fh11_cond_input_int8", C(r"(x = jnp\.full\(shape, 7, dtype=jnp\.)(int4)(\))"), _to("int8")),
    # (an int8 multimem tile) the module defaults' dtype int8.
    ("ops_dtypes.fh11_module_dtype_int8", C(r"(\"dtype\": jnp\.)(float32)(\})"), _to("int8")),
    # primitives.py:227 (generic): the output declared float16 for a float32 SMEM tile.
    ("ops_dtypes.fh11_out_type_half", C(r"(out_type=jax\.ShapeDtypeStruct\((?:SHAPE|TILE|\(ROWS, COLS\)), jnp\.)(float32)(\))"),
     _to("float16")),

    # ------------------------------------------------------------ control_flow
    # lowering.py:3815 "``unroll`` must divide ``length``": the argv's unroll 4 for 6 trips.
    ("control_flow.fh11_getopt_unroll_4", C(r"(\"-u\", \")(3)(\")"), _to("4")),
    # (a KeyError before any launch: getopt stops at "6" once -t takes no argument) the short options "tu:".
    ("control_flow.fh11_getopt_shortopts", C(r"(\], \")(t:u:)(\", \[)"), _to("tu:")),
    # (expected clean) the argv's dtype bfloat16 (a weakly typed update keeps the carry bf16).
    ("control_flow.fh11_getopt_dtype_bf16", C(r"(\"--dtype\", \")(float32)(\")"), _to("bfloat16")),
    # loops.py fori_loop (body_fun output and input must have identical types): the carry cast to float16.
    ("control_flow.fh11_fori_carry_half", C(r"^(\s+return )(acc \* 0\.75 \+ 0\.25)()(?=\s*$)"),
     _to("(acc * 0.75 + 0.25).astype(jnp.float16)")),
    # lowering.py:3809 "``length`` must be an integer when ``unroll`` is specified": float trips.
    ("control_flow.fh11_getopt_trips_float", C(r"(TRIPS, UNROLL = )(int)(\(OPTIONS\[\"t\"\]\))"), _to("float")),
    # conditionals.py cond (branch outputs / refs): the second branch stores float16 into the bf16 tile.
    ("control_flow.fh11_cond_branch_dtype", C(r"(o_smem\[\.\.\.\] = x\.astype\(jnp\.)(bfloat16)(\) \+ 2)"), _to("float16")),
    # conditionals.py cond (the predicate must be a scalar): a row of the tile as predicate.
    ("control_flow.fh11_cond_pred_row", C(r"(jax\.lax\.cond\()(x_gmem\[0, 0\] != 0)(, write_out1)"), _to("x_gmem[0] != 0")),

    # ------------------------------------------------------------ compiler_params
    # (an AttributeError before any launch) the ContextVar set to "WarpGroup".
    ("compiler_params.fh11_contextvar_semantics_typo", C(r"(SEMANTICS\.set\(\")(Warpgroup)(\"\))"), _to("WarpGroup")),
    # (expected clean) the ContextVar set to Lane.
    ("compiler_params.fh11_contextvar_lane", C(r"(SEMANTICS\.set\(\")(Warpgroup)(\"\))"), _to("Lane")),
    # (expected clean?) approx_math given a string.
    ("compiler_params.fh11_contextvar_approx_string", C(r"(APPROX\.set\()(True)(\))"), _to("\"yes\"")),
    # jax/_src/pallas/core.py:186 "Compiler params for platform ... cannot be used for ... lowering": vars().update
    # adds platform "triton".
    ("compiler_params.fh11_vars_platform_triton", C(r"(vars\(OPTIONS\)\.update\(\{\"approx\": True, \"block\": 512)()(\}\))"),
     _to(", \"platform\": \"triton\"")),
    # pallas core.py:186: the class default platform "triton".
    ("compiler_params.fh11_class_platform_triton", C(r"^(\s+platform = \")(mosaic_gpu)(\")"), _to("triton")),
    # (the Warpgroup lowering of a kernel written for Lane) (generic).
    ("compiler_params.fh11_lane_to_warpgroup", C(r"(lowering_semantics=plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # (expected clean) the WG test's kernels under Lane semantics.
    ("compiler_params.fh11_warpgroup_to_lane", C(r"(lowering_semantics=plgpu\.LoweringSemantics\.)(Warpgroup)(\))"), _to("Lane")),

    # ------------------------------------------------------------ collectives
    # primitives.py:5749 "Only collective_axes that include all JAX device mesh axes": the axis as a bare string.
    ("collectives.fh11_multimem_axis_bare_string", C(r"(plgpu\.multimem_store\(tile, y_ref, )(\(cfg\.axis,\))(\))"), _to("cfg.axis")),
    # (expected clean) cols set on the module under another name: the __getattr__ default 128 is used.
    ("collectives.fh11_module_attr_misspelt", C(r"^(cfg\.)(cols)( = 64)"), _to("col")),
    # (a mesh of one axis named differently from the kernel's) the module defaults' axis "peers" (expected clean:
    # both read cfg.axis).
    ("collectives.fh11_module_axis_renamed", C(r"(\"axis\": \")(peer)(\")"), _to("peers")),
    # (a mesh built before any launch from three axes of one device count) takewhile with >=.
    ("collectives.fh11_takewhile_ge", C(r"(lambda item: item\[1\] )(>)( 1)"), _to(">=")),
    # (no axes with more than one device) dropwhile for takewhile.
    ("collectives.fh11_takewhile_as_dropwhile", C(r"(itertools\.)(takewhile)(\()"), _to("dropwhile")),
    # mosaic/gpu/utils.py:480 "Only add is supported for f32": the f32 load-reduce by max.
    ("collectives.fh11_load_reduce_max_f32", C(r"(reduction_op=\")(add)(\")"), _to("max")),
    # primitives.py:5810: the load-reduce over no axes.
    ("collectives.fh11_load_reduce_axes_empty", C(r"(multimem_load_reduce\(x_ref, collective_axes=)(AXES)(,)"), _to("()")),
    # primitives.py:6010 "collective_axes ... must equal entire mesh axes": the exec'd signal axes the first only.
    ("collectives.fh11_exec_signal_first_axis", C(r"^(signal_axes = )(mesh_axes)()(?=\s*$)"), _to("mesh_axes[:1]")),
    # primitives.py:6010: the exec'd signal axes a bare string (its letters).
    ("collectives.fh11_exec_signal_axes_string", C(r"^(signal_axes = )(mesh_axes)()(?=\s*$)"), _to("\"host\"")),
    # (expected clean) the exec'd mesh axes reversed (both the mesh and the signal read them).
    ("collectives.fh11_exec_axes_reversed", C(r"^(mesh_axes = \()(\"host\", \"chip\")(\))"), _to("\"chip\", \"host\"")),
    # (expected clean) the exec'd scale an integer.
    ("collectives.fh11_exec_scale_int", C(r"^(scale = )(0\.5)()(?=\s*$)"), _to("2")),
    # (a 32768-row tile) the header's rows read little-endian.
    ("collectives.fh11_frombytes_little_endian", C(r"(ROWS = int\.from_bytes\(HEADER\[0:2\], \")(big)(\"\))"), _to("little")),
    # utils.py:441: the header's vec byte 08 (8 x 32 bits).
    ("collectives.fh11_frombytes_vec_8", C(r"(bytes\.fromhex\(\"0080 0040 )(02)( 02\"\))"), _to("08")),
    # (expected clean?) the header's device byte 04: a 4-device mesh.
    ("collectives.fh11_frombytes_devices_4", C(r"(bytes\.fromhex\(\"0080 0040 02 )(02)(\"\))"), _to("04")),
    # primitives.py:5893 "Unsupported integer reduction op": the int32 load-reduce by "mul".
    ("collectives.fh11_reduce_op_mul", C(r"(reduction_op=\")(min)(\")"), _to("mul")),
    # primitives.py:5893 (or a supported one): the int32 load-reduce by "xor".
    ("collectives.fh11_reduce_op_xor", C(r"(reduction_op=\")(min)(\")"), _to("xor")),

    # ------------------------------------------------------------ tmem
    # mosaic/gpu/tcgen05.py:940 "ncols must be a power of 2 and within [32, 512]": _generate_next_value_ from 48.
    ("tmem.fh11_next_value_base_48", C(r"(return )(32)( \* 2 \*\* count)"), _to("48")),
    # (expected clean) the member C32.
    ("tmem.fh11_next_value_member_c32", C(r"(COLS = Columns\.)(C128)(\.value)"), _to("C32")),
    # tcgen05.py:940: the exponent off by three (C128 = 1024 columns).
    ("tmem.fh11_next_value_exponent_plus_3", C(r"(32 \* 2 \*\* )(count)()"), _to("(count + 3)")),
    # (TMEM lanes: 128 rows for the TCGEN05 layout) ROWS 64 (generic).
    ("tmem.fh11_rows_64", C(r"^(ROWS = )(128)()(?=\s*$)"), _to("64")),
    # (a WGMMA-layout value stored to TMEM) the load's layout WGMMA.
    ("tmem.fh11_store_layout_wgmma", C(r"(load_as\(x_ref, plgpu\.Layout\.)(TCGEN05)(\))"), _to("WGMMA")),
    # mosaic_gpu/core.py:202 "dtypes narrower than 32-bit require either the packed argument or an explicit TMEM
    # layout": the TMEM float16.
    ("tmem.fh11_tmem_f16_unpacked", C(r"(plgpu\.TMEM\(\(ROWS, COLS\), jnp\.)(float32)(\))"), _to("float16")),
    # (an AttributeError before any launch) __setstate__ no longer re-derives dtype (the __init__ twin: expected clean).
    ("tmem.fh11_setstate_derive_dropped", C(r"^(\s+)(self\._derive\(\))()(?=\s*$)"), _to("pass")),
    # tcgen05.py:940 / the MMA's N: the pickled config's n 96.
    ("tmem.fh11_pickle_n_96", C(r"(MmaConfig\(128, )(128)(, 64, 128, \"float16\"\))"), _to("96")),
    # (tcgen05 M = 64 without a collective layout) the pickled config's m 64.
    ("tmem.fh11_pickle_m_64", C(r"(MmaConfig\()(128)(, 128, 64)"), _to("64")),
    # (tf32 tcgen05 operands) the pickled config's dtype float32.
    ("tmem.fh11_pickle_dtype_f32", C(r"(MmaConfig\(128, 128, 64, 128, \")(float16)(\"\))"), _to("float32")),
    # core.py:202: the pickled MMA's accumulator float16 without packing.
    ("tmem.fh11_acc_f16_unpacked", C(r"(plgpu\.TMEM\(\(CFG\.m, CFG\.n\), jnp\.)(float32)(\))"), _to("float16")),
    # (expected clean) accumulate=True into a fresh accumulator (generic).
    ("tmem.fh11_mma_accumulate_true", C(r"(mma_bar\w*, accumulate=)(False)(\))"), _to("True")),
    # (768 unpacked bf16 columns in a 512-column TMEM) the estimation test's refs unpacked.
    ("tmem.fh11_estimation_unpacked", C(r"(plgpu\.TMEM\(\(128, 256\), jnp\.bfloat16, )(packed=True)(\))"), _to("packed=False")),
    # core.py:202: the estimation test's bf16 TMEM without packed.
    ("tmem.fh11_estimation_no_packing", C(r"(plgpu\.TMEM\(\(128, 256\), jnp\.bfloat16)(, packed=True)(\))"), _to("")),
    # (a 48-column value into a 32-column TMEM ref) the second slice 48 wide.
    ("tmem.fh11_aliasing_slice_48", C(r"(x_val = load_tcgen05\(smem_ref\.at\[:, )(32:64)(\]\))"), _to("32:80")),
    # tcgen05.py:940 / the slice's width: the union's 32-column refs 24 wide.
    ("tmem.fh11_aliasing_cols_24", C(r"(plgpu\.TMEM\(\(128, )(32)(\), jnp\.float32\),)"), _to("24")),
    # tcgen05.py:940: the union's 64-column member 1024 wide.
    ("tmem.fh11_aliasing_member_1024", C(r"^(\s+plgpu\.TMEM\(\(128, )(64)(\), jnp\.float32\),)$"), _to("1024")),
    # (expected clean?) the f16 union members packed.
    ("tmem.fh11_union_packed", C(r"(plgpu\.TMEM\(\(128, 256\), jnp\.float16, )(packed=False)(\))"), _to("packed=True")),
    # (a 128-column value into a 256-column TMEM ref) the second load 128 columns wide.
    ("tmem.fh11_union_load_cols_128", C(r"(x_val2 = load_tcgen05\(x_ref\.at\[:, )(256:512)(\]\))"), _to("256:384")),
    # (the M64 collective layout without a collective allocation) collective=False.
    ("tmem.fh11_collective_alloc_false", C(r"^(\s+collective=)(True)(,)"), _to("False")),
    # (register layout against the TMEM layout) the register layout's 128 columns for 160.
    ("tmem.fh11_collective_layout_128", C(r"(layout = plgpu\.Layout\.TCGEN05_M64_COLLECTIVE\()(160)(\))"), _to("128")),
    # (expected clean) the test's second parameter: the NATIVE collective layout.
    ("tmem.fh11_collective_layout_native", C(r"(layout = plgpu\.Layout\.)(TCGEN05_M64_COLLECTIVE)(\(160\))"),
     _to("TCGEN05_M64_COLLECTIVE_NATIVE")),
    # primitives.py:2862 "Accumulator Ref must be collective if collective_axis is set".
    ("tmem.fh11_collective_acc_not_collective", C(r"(plgpu\.TMEM\(block_acc_shape, jnp\.float32, collective=)(True)(\))"),
     _to("False")),
    # (expected clean?) the 64-column LHS TMEM ref unpacked.
    ("tmem.fh11_tmem_alias_lhs_unpacked", C(r"(plgpu\.TMEM\(\(128, 64\), dtype, )(packed=True)(\))"), _to("packed=False")),
    # primitives.py:2735 / 2748: the second MMA's RHS 32 rows.
    ("tmem.fh11_tmem_alias_rhs_rows_32", C(r"(b_smem\.at\[)(0:64)(, :\])"), _to("0:32")),
    # (a 32-column value into the 64-column LHS ref) the second LHS load 32 columns wide.
    ("tmem.fh11_tmem_alias_lhs_cols_32", C(r"(load_tcgen05\(a_smem\.at\[:, )(0:64)(\]\))"), _to("0:32")),
    # primitives.py:2748 "LHS and RHS have incompatible shapes": the second MMA's LHS not transposed.
    ("tmem.fh11_smem_alias_no_transpose", C(r"(plgpu\.tcgen05_mma\(acc_tmem, )(a_smem_64\.T)(, b_smem_64)"), _to("a_smem_64")),
    # (shapes of the aliased operands) the unions' second members 32 rows.
    ("tmem.fh11_smem_alias_member_rows_32", C(r"(plgpu\.SMEM\(\()(64)(, 128\), dtype, transforms=transforms\),)"), _to("32")),
    # primitives.py:4905 "Expected SMEM element type ... to equal the TMEM element type": the SMEM int8.
    ("tmem.fh11_warp_map_smem_int8", C(r"(plgpu\.SMEM\(in_shape, jnp\.)(uint8)(, transforms=)"), _to("int8")),
    # (an unpacked uint8 TMEM ref under an SMEM -> TMEM copy) the union's uint8 member unpacked.
    ("tmem.fh11_warp_map_unpacked", C(r"(plgpu\.TMEM\(in_shape, jnp\.uint8, )(packed=True)(\))"), _to("packed=False")),
)


def famheld11_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
