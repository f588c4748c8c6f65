"""One-edit mutations for the twelfth held-out families corpus `famheld12` (issue 27), written blind from JAX's own
checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py,
jax/_src/pallas/core.py and jax/experimental/mosaic/gpu/{wgmma,launch_context,utils}.py of JAX 0.12.0.1, cited at
operators as file:line from /work/shared/jax-raise-sites/sites.tsv and the installed sources; the measured facts of
/work/shared/jax-facts.md and famheld11's README where they are cited) and nothing else: the checker was not read,
and the earlier sets' operators only for their names (every name here carries the prefix `fh12_`).

The bases (build_famheld12.py) keep what the kernel depends on in Python that no earlier famheld set used: match /
case class and mapping patterns, walrus assignments, starred unpacking, descriptors, property setters,
__init_subclass__, class decorators, typing.NamedTuple defaults, dataclasses.replace on a frozen dataclass, abc
with __slots__, generator send(), nonlocal closures, functools.singledispatch / cached_property / total_ordering,
operator.attrgetter / itemgetter, ChainMap, Counter / deque, itertools.product, string.Template, configparser,
struct, math / bisect, fractions with divmod, a contextmanager with a global statement, re named groups. So most
operators edit the value where the program keeps it (a case's return value or guard, a mapping entry, a walrus
bound, a starred layout tuple, a descriptor's argument or __set_name__, a setter's clamp, a role class attribute,
a decorated class attribute, a NamedTuple default or override, a replace() keyword, a slot, a generator's sizes /
total / first send, a nonlocal step, a dispatch argument, a total_ordering bound, an attrgetter path, ChainMap
overrides / order, Counter roles / deque rotation, a product candidate / budget, a Template substitution, an INI
value / section, a struct field / format, a gcd / isqrt / bisect input, a Fraction, a `with` argument / global,
a regex group), and others edit the kernel or its launch (index maps, block / grid shapes, axis and cluster names,
collective axes, reduction ops, layouts and layout_casts, transforms, barriers, dtypes, compiler params, TMEM
allocations, the adapted tests' parameters). A few generic ones fit many bases and are capped by --max-per-op.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX; "(expected clean)" marks
operators written expecting none, "?" an expectation I was unsure of. The comments are the expectations written
before labelling; what the labels say is in /work/famheld12-out/README.md.
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ============================================================ match_class_swizzle (match / case class patterns)
    # mosaic_gpu/core.py:1390 "Swizzle {n} is not supported. Only 32, 64 and 128 are accepted.": the guarded case's
    # swizzle 256.
    ("swizzle_tiling.fh12_match_swizzle_256", C(r"^(\s+return r, )(128)(, d)"), _to("256")),
    # (expected clean) the guard made strict: Wide(rows=64) falls to the 64-byte case (32 bf16 columns).
    ("swizzle_tiling.fh12_match_guard_strict", C(r"(case Wide\(rows=r, dtype=d\) if r )(>=)( 64:)"), _to(">")),
    # (expected clean) a Narrow spec: the class pattern picks a 32-byte swizzle over 16 bf16 columns.
    ("swizzle_tiling.fh12_match_narrow_spec", C(r"(plan\()(Wide)(\(rows=64)"), _to("Narrow")),
    # lowering.py:1931 "Minor tiling dimension does not fit swizzle" / core.py:1402: COLS in bytes, not elements.
    ("swizzle_tiling.fh12_match_cols_bytes", C(r"^(COLS = )(SWIZZLE // jnp\.dtype\(DTYPE\)\.itemsize)()"), _to("SWIZZLE")),
    # (expected clean) the spec's dtype float32: 32 columns under a 128-byte swizzle.
    ("ops_dtypes.fh12_match_dtype_f32", C(r"(Wide\(rows=64, dtype=jnp\.)(bfloat16)(\))"), _to("float32")),
    # launch_context.py:1921 "Async copies only support copying <=256 elements along each dimension": rows 512.
    ("copy_tma.fh12_match_rows_512", C(r"(plan\(Wide\(rows=)(64)(, dtype)"), _to("512")),
    # (a 4-row tile under an (8, n) tiling; the guard sends it to the 64-byte case) rows 4.
    ("swizzle_tiling.fh12_match_rows_4", C(r"(plan\(Wide\(rows=)(64)(, dtype)"), _to("4")),

    # ============================================================ match_mapping_pipeline (match / case mappings)
    # launch_context.py:1278 "... bits copied along the last dimension to be divisible by 128": block cols 2.
    ("copy_tma.fh12_mapping_cols_2", C(r"(\"block\": \{\"rows\": 64, \"cols\": )(128)(\})"), _to("2")),
    # launch_context.py:1921 (or the SMEM budget): block rows 512.
    ("copy_tma.fh12_mapping_rows_512", C(r"(\{\"rows\": )(64)(, \"cols\")"), _to("512")),
    # (expected clean) rows 12 fail the guard `r % 8 == 0`: the fallback case's (64, 64) block over a 1x1 grid.
    ("blockspec_grid.fh12_mapping_rows_guard_fallback", C(r"(\{\"rows\": )(64)(, \"cols\")"), _to("12")),
    # pallas/core.py:680 (index map arity / rank): the index map returns one index for a 2-D block.
    ("blockspec_grid.fh12_mapping_index_map_rank", C(r"(BlockSpec\(BLOCK, lambda i, j: )(\(i, j\))(\))"), _to("(i,)")),
    # (expected clean) three steps do not match the (gr, gc) sequence pattern: the fallback case.
    ("blockspec_grid.fh12_mapping_steps_three", C(r"(\"steps\": )(\(2, 2\))(, \"depth\")"), _to("(2, 2, 1)")),
    # pipeline.py (max_concurrent_steps must be positive): depth 0.
    ("pipeline.fh12_mapping_depth_0", C(r"(\"depth\": )(2)(\})"), _to("0")),
    # (a block past the array: grid (2, 2) of (128, 64) blocks over a (128, 256) array) the block transposed.
    ("blockspec_grid.fh12_mapping_block_transposed", C(r"(spec = pl\.BlockSpec\()(BLOCK)(, lambda i, j)"), _to("BLOCK[::-1]")),
    # (a ValueError before any launch) no case matches the kind.
    ("control_flow.fh12_mapping_kind_typo", C(r"(CONFIG = \{\"kind\": \")(pipeline)(\")"), _to("pipelines")),

    # ============================================================ walrus_wgmma_tile (walrus assignments)
    # (expected clean) a wider limit: the (64, 256, 64) tile.
    ("wgmma_mma.fh12_walrus_limit_wide", C(r"^(LIMIT = )(128 \* 64)()"), _to("256 * 64")),
    # (expected clean) a strict bound: the (64, 64, 64) tile.
    ("wgmma_mma.fh12_walrus_strict", C(r"(\(area := t\[0\] \* t\[1\]\) )(<=)( LIMIT)"), _to("<")),
    # core.py:1402 "Swizzle 128 requires the trailing dimension to be of size 64": K 48.
    ("wgmma_mma.fh12_walrus_k_48", C(r"(\(64, 128, )(64)(\), \(64, 64, 64\)\])"), _to("48")),
    # mosaic/gpu/wgmma.py:69 "WGMMA requires m and n to be multiples of 64 and 8": the chosen candidate's m 32.
    ("wgmma_mma.fh12_walrus_m_32", C(r"(\(64, 256, 64\), \()(64)(, 128, 64\))"), _to("32")),
    # wgmma.py:135 / "Only f16 WGMMA supports transposes": the operands float32.
    ("wgmma_mma.fh12_operands_f32", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float32")),
    # primitives.py:2282 "WGMMA lhs tiling does not fit swizzle": ELEMS from a 64-byte row.
    ("swizzle_tiling.fh12_walrus_elems_64", C(r"^(ELEMS = )(128)( // jnp\.dtype\(DTYPE\)\.itemsize)"), _to("64")),
    # (an f16 accumulator read into an f32 output) the ACC float16.
    ("wgmma_mma.fh12_walrus_acc_f16", C(r"(plgpu\.ACC\(\(M, N\), jnp\.)(float32)(\))"), _to("float16")),
    # (expected clean) the last fitting candidate: (64, 64, 64).
    ("control_flow.fh12_walrus_last_fit", C(r"(M, N, K = )(fit\[0\])()"), _to("fit[-1]")),
    # (expected clean: arrivals are not checked) the two-copy barrier with one arrival (generic).
    ("barrier.fh12_two_copies_one_arrival", C(r"(plgpu\.Barrier\(num_arrivals=)(2)(\))"), _to("1")),

    # ============================================================ starred_unpack_grid (starred unpacking)
    # launch_context.py:1278: the tile 2 float32 columns wide.
    ("copy_tma.fh12_starred_cols_2", C(r"(LAYOUT = \(\"tiles\", 2, 2, 64, )(128)(, \"f32\"\))"), _to("2")),
    # launch_context.py:1921 (or the SMEM budget): tile rows 512.
    ("copy_tma.fh12_starred_rows_512", C(r"(LAYOUT = \(\"tiles\", 2, 2, )(64)(, 128)"), _to("512")),
    # (a 3-D grid with two grid names) an extra grid entry swallowed by *GRID.
    ("kernel_mesh_config.fh12_starred_grid_3d", C(r"(LAYOUT = \(\"tiles\", )(2, 2)(, 64)"), _to("2, 2, 2")),
    # (expected clean) the dtype tag f16.
    ("ops_dtypes.fh12_starred_dtype_f16", C(r"(, 128, \")(f32)(\"\))"), _to("f16")),
    # (a KeyError before any launch) a dtype tag the table does not hold.
    ("ops_dtypes.fh12_starred_dtype_unknown", C(r"(, 128, \")(f32)(\"\))"), _to("bf16")),
    # (expected clean) the starred target's tile names swapped: a (128, 64) tile, consistently.
    ("control_flow.fh12_starred_swap_tile", C(r"^(\*GRID, )(TILE_ROWS, TILE_COLS)( = GRID_AND_TILE)"),
     _to("TILE_COLS, TILE_ROWS")),
    # (duplicate grid names) both axes "r".
    ("kernel_mesh_config.fh12_starred_axis_names_dup", C(r"^(AXES = \()(\"r\", \"c\")(\))"), _to("\"r\", \"r\"")),

    # ============================================================ descriptor_chunks (descriptors)
    # (a ValueError from the descriptor before any launch) count 0.
    ("control_flow.fh12_descriptor_count_zero", C(r"(Chunks\(count=)(4)(, rows=32\))"), _to("0")),
    # launch_context.py:1921 (or the SMEM budget): chunk rows 300.
    ("copy_tma.fh12_descriptor_rows_300", C(r"(Chunks\(count=4, rows=)(32)(\))"), _to("300")),
    # (expected clean: arrivals are not checked) one arrival for four copies.
    ("barrier.fh12_descriptor_arrivals_1", C(r"(plgpu\.Barrier\(num_arrivals=)(CHUNKS\.count)(\))"), _to("1")),
    # launch_context.py:1278 / GMEM strides: COLS 2.
    ("copy_tma.fh12_descriptor_cols_2", C(r"^(COLS = )(128)()(?=\s*$)"), _to("2")),
    # (a RecursionError before any launch) __set_name__ stores under the descriptor's own name.
    ("control_flow.fh12_descriptor_set_name_plain", C(r"(self\.name = )(\"_\" \+ name)()"), _to("name")),
    # (a static window past the tile) each chunk 8 rows taller.
    ("copy_tma.fh12_descriptor_window_past", C(r"(rows = pl\.ds\(c \* CHUNKS\.rows, )(CHUNKS\.rows)(\))"),
     _to("CHUNKS.rows + 8")),
    # primitives.py:235 "Expected shapes to match": a chunk copied into the whole SMEM tile.
    ("copy_tma.fh12_descriptor_dst_unsliced", C(r"(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bar\))"), _to("smem")),

    # ============================================================ property_setter_cluster (property setter)
    # (a cluster of three over 128 rows) the setter clamps to 3.
    ("cluster_collective.fh12_property_clamp_3", C(r"(min\(value, )(2)(\))"), _to("3")),
    # (expected clean?) max for min: a cluster of four.
    ("cluster_collective.fh12_property_max", C(r"(self\._cluster = )(min)(\(value, 2\))"), _to("max")),
    # lowering.py:3323 "Unknown cluster axis": the multicast over the grid axis.
    ("cluster_collective.fh12_property_axis_grid", C(r"(collective_axes=\")(pair)(\"\))"), _to("blocks")),
    # (a grid of one block under a cluster of two) grid (1,).
    ("kernel_mesh_config.fh12_property_grid_1", C(r"(grid=\()(LAUNCH\.cluster)(,\),)"), _to("1")),
    # (an unbound axis name) the cluster axis renamed at the launch only.
    ("kernel_mesh_config.fh12_property_cluster_renamed", C(r"(cluster_names=\(\")(pair)(\",\),)"), _to("duo")),
    # (expected clean?) the setter bypassed: a cluster of four.
    ("control_flow.fh12_property_setter_bypassed", C(r"^(LAUNCH\.)(cluster)( = 4)"), _to("_cluster")),
    # primitives.py:235: a row part stored to the whole output.
    ("copy_tma.fh12_property_store_unsliced", C(r"(plgpu\.copy_smem_to_gmem\(smem\.at\[rows\], )(o_gmem\.at\[rows\])(\))"),
     _to("o_gmem")),

    # ============================================================ init_subclass_roles (__init_subclass__ registry)
    # (set_max_registers: a multiple of 8 in [24, 256]) the producer's 42 registers.
    ("kernel_mesh_config.fh12_roles_registers_42", C(r"^(\s+registers = )(40)()(?=\s*$)"), _to("42")),
    # (set_max_registers above the per-thread limit) the consumer's 264.
    ("kernel_mesh_config.fh12_roles_registers_264", C(r"^(\s+registers = )(232)()(?=\s*$)"), _to("264")),
    # (expected clean?) the producer increases too.
    ("kernel_mesh_config.fh12_roles_action_swapped", C(r"^(\s+action = \")(decrease)(\")"), _to("increase")),
    # (expected clean) both roles on thread 0.
    ("kernel_mesh_config.fh12_roles_index_same", C(r"^(\s+index = )(1)()(?=\s*$)"), _to("0")),
    # (expected clean?) one thread more than the roles.
    ("kernel_mesh_config.fh12_roles_extra_thread", C(r"(num_threads=)(len\(ROLES\))(,)"), _to("len(ROLES) + 1")),
    # (an unbound axis name) the thread name differs from the axis the kernel reads.
    ("kernel_mesh_config.fh12_roles_thread_name", C(r"(thread_name=\")(role)(\"\))"), _to("who")),
    # (a KeyError before any launch) the registry keyed by upper-case names.
    ("control_flow.fh12_roles_registry_upper", C(r"(Role\.registry\[cls\.__name__\.)(lower)(\(\)\])"), _to("upper")),
    # (expected clean?) log1p for exp.
    ("ops_dtypes.fh12_roles_log1p", C(r"(stage\[\.\.\.\] = jnp\.)(exp)(\(stage)"), _to("log1p")),

    # ============================================================ class_decorator_layout (class decorator)
    # (WG_STRIDED vector width not dividing the tile) VEC 3.
    ("register_layouts.fh12_decorator_vec_3", C(r"^(VEC = )(2)()(?=\s*$)"), _to("3")),
    # mosaic/gpu/utils.py:441 (vector widths above 128 bits?): VEC 16 of float32.
    ("register_layouts.fh12_decorator_vec_16", C(r"^(VEC = )(2)()(?=\s*$)"), _to("16")),
    # (a WG_STRIDED tile of 100 x 128 for 128 threads) ROWS 100.
    ("register_layouts.fh12_decorator_rows_100", C(r"^(\s+ROWS = )(64)()(?=\s*$)"), _to("100")),
    # (the layout's shape against the tile's) the layout built for the transposed shape.
    ("register_layouts.fh12_decorator_layout_transposed", C(r"(cls\.LAYOUT = plgpu\.Layout\.WG_STRIDED\()(cls\.SHAPE)(,)"),
     _to("(cls.COLS, cls.ROWS)")),
    # lowering.py:4640 "Failed to infer the output layout of the iota": the layout_cast removed.
    ("register_layouts.fh12_decorator_no_cast",
     C(r"(ramp = )(plgpu\.layout_cast\(jax\.lax\.broadcasted_iota\(Tile\.DTYPE, Tile\.SHAPE, 1\), Tile\.LAYOUT\))()"),
     _to("jax.lax.broadcasted_iota(Tile.DTYPE, Tile.SHAPE, 1)")),
    # (an iota dimension past the rank) dimension 2.
    ("register_layouts.fh12_decorator_iota_dim_2", C(r"(Tile\.SHAPE, )(1)(\), Tile\.LAYOUT\))"), _to("2")),
    # (expected clean) the tile bfloat16.
    ("ops_dtypes.fh12_decorator_dtype_bf16", C(r"^(\s+DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("bfloat16")),
    # (16-bit vectors of int8) the tile int8.
    ("ops_dtypes.fh12_decorator_dtype_int8", C(r"^(\s+DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("int8")),

    # ============================================================ namedtuple_ws_pipeline (typing.NamedTuple defaults)
    # (memory_registers: a multiple of 8) 44.
    ("pipeline.fh12_ws_memory_registers_44", C(r"(memory_registers: int = )(40)()"), _to("44")),
    # (expected clean?) two compute warpgroups (num_threads follows).
    ("pipeline.fh12_ws_compute_wgs_2", C(r"(compute_wgs: int = )(1)()"), _to("2")),
    # (an unbound axis name) the pipeline's wg_axis differs from the thread name.
    ("pipeline.fh12_ws_axis_renamed", C(r"(axis: str = \")(wg)(\")"), _to("warp")),
    # (zero steps / a block past the array) block rows 512 over 256 rows.
    ("copy_tma.fh12_ws_block_rows_512", C(r"(block_rows: int = )(128)()"), _to("512")),
    # (expected?) one step in flight.
    ("pipeline.fh12_ws_depth_1", C(r"(depth: int = )(2)()"), _to("1")),
    # (expected clean: famheld11 measured one thread lowers) num_threads without the memory thread.
    ("kernel_mesh_config.fh12_ws_threads_fixed", C(r"(num_threads=)(PLAN\.compute_wgs \+ 1)(,)"), _to("PLAN.compute_wgs")),
    # primitives.py:1446 "n must be a non-negative integer" (zero steps): the override rows 64.
    ("blockspec_grid.fh12_ws_rows_override_64", C(r"(PLAN = WsPlan\(rows=)(256)(\))"), _to("64")),
    # (a column block past a 64-column array) the index map's block index on the columns.
    ("blockspec_grid.fh12_ws_index_map_columns", C(r"(lambda i: )(\(i, 0\))(\))"), _to("(0, i)")),

    # ============================================================ frozen_replace_vector (frozen dataclass + replace)
    # (WG_STRIDED vector width not dividing the tile) vec 3.
    ("register_layouts.fh12_replace_vec_3", C(r"(dataclasses\.replace\(BASE, vec=)(8)(,)"), _to("3")),
    # (expected clean: famheld11 measured vec 16 of bf16) vec 16.
    ("register_layouts.fh12_replace_vec_16", C(r"(dataclasses\.replace\(BASE, vec=)(8)(,)"), _to("16")),
    # (256-bit vectors of float32) dtype float32.
    ("ops_dtypes.fh12_replace_dtype_f32", C(r"(vec=8, dtype=\")(bfloat16)(\"\))"), _to("float32")),
    # (a TypeError from replace() before any launch) a misspelt field.
    ("control_flow.fh12_replace_field_typo", C(r"(dataclasses\.replace\(BASE, )(vec)(=8)"), _to("vecs")),
    # (a WG_STRIDED tile whose columns the vector width does not divide) cols 100.
    ("register_layouts.fh12_replace_cols_100", C(r"(cols: int = )(128)()"), _to("100")),
    # (expected clean) the default dtype, overridden by replace().
    ("ops_dtypes.fh12_replace_default_dtype", C(r"(dtype: str = \")(float16)(\")"), _to("int8")),
    # lowering.py:2533 "Unsupported conversion" (f32 -> fp8?): the result float8_e4m3fn.
    ("ops_dtypes.fh12_replace_dtype_fp8", C(r"(vec=8, dtype=\")(bfloat16)(\"\))"), _to("float8_e4m3fn")),

    # ============================================================ abc_slots_reduce (abc + __slots__)
    # (expected clean: famheld11 measured a column reduction) axis 0.
    ("register_layouts.fh12_abc_axis_0", C(r"(RowMax\(axis=)(1)(\))"), _to("0")),
    # (expected clean) the sum reducer.
    ("ops_dtypes.fh12_abc_rowsum", C(r"^(REDUCER = )(RowMax)(\(axis=1\))"), _to("RowSum")),
    # lowering.py:1127 (argmax unimplemented?) / an int32 result into a float32 output.
    ("ops_dtypes.fh12_abc_argmax", C(r"(return jnp\.)(max)(\(x, axis=self\.axis\))"), _to("argmax")),
    # (the WGMMA layout needs rows in multiples of 64) SHAPE rows 100.
    ("register_layouts.fh12_abc_rows_100", C(r"^(SHAPE = \()(128)(, 64\))"), _to("100")),
    # lowering.py:3162 "Unsupported layout" (a reduction of a WG_STRIDED value?).
    ("register_layouts.fh12_abc_layout_strided", C(r"(load_as\(x_ref, plgpu\.Layout\.)(WGMMA)(\)\))"),
     _to("WG_STRIDED(SHAPE, vec_size=2)")),
    # (an AttributeError before any launch) no slot for axis.
    ("control_flow.fh12_abc_slots_empty", C(r"^(  __slots__ = \()(\"axis\",)(\))"), _to("")),
    # (expected clean) min for max.
    ("ops_dtypes.fh12_abc_min", C(r"(return jnp\.)(max)(\(x, axis=self\.axis\))"), _to("min")),

    # ============================================================ generator_send_windows (generator send)
    # (a static window past the tile) the last size 64.
    ("copy_tma.fh12_gen_last_size_64", C(r"^(SIZES = \[64, 32, )(32)(\])"), _to("64")),
    # (expected clean) a 96-row total: the generator stops after two windows.
    ("control_flow.fh12_gen_total_96", C(r"(WINDOWS = plan\()(ROWS)(, SIZES\))"), _to("96")),
    # (a barrier index past the array) one barrier fewer than windows.
    ("barrier.fh12_gen_barriers_fewer", C(r"(num_barriers=)(len\(WINDOWS\))(\))"), _to("len(WINDOWS) - 1")),
    # launch_context.py:1278: COLS 2.
    ("copy_tma.fh12_cols_2", C(r"^(ROWS, COLS = 128, )(64)()(?=\s*$)"), _to("2")),
    # (expected clean: arrivals are not checked) every window on barrier 0.
    ("barrier.fh12_same_slot", C(r"(smem\.at\[rows\], bars\.at\[)(i)(\]\))"), _to("0")),
    # (a TypeError before any launch) send() to a just-started generator.
    ("control_flow.fh12_gen_send_first", C(r"(offsets = \[)(next\(gen\))(\])"), _to("gen.send(0)")),
    # (expected clean) the first size 48: windows of 48, 32, 32.
    ("copy_tma.fh12_gen_first_size_48", C(r"^(SIZES = \[)(64)(, 32, 32\])"), _to("48")),

    # ============================================================ nonlocal_counter_fori (closures with nonlocal)
    # (fori_loop: unroll must be positive) UNROLL -2.
    ("control_flow.fh12_nonlocal_unroll_negative", C(r"(UNROLL = bump\()(-4)(\))"), _to("-8")),
    # (fori_loop with float bounds) TRIPS 7.5.
    ("control_flow.fh12_nonlocal_trips_float", C(r"(TRIPS = bump\()(2)(\))"), _to("2.5")),
    # (an UnboundLocalError before any launch) nonlocal dropped.
    ("control_flow.fh12_nonlocal_dropped", C(r"^(\s+)(nonlocal count)()(?=\s*$)"), _to("pass")),
    # (the fori carry's dtype changes: int32 * 0.5 is float32) DTYPE int32.
    ("ops_dtypes.fh12_nonlocal_dtype_int32", C(r"^(DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("int32")),
    # (fori_loop: unroll 0) UNROLL 0.
    ("control_flow.fh12_nonlocal_unroll_zero", C(r"(UNROLL = bump\()(-4)(\))"), _to("-6")),
    # (expected clean?) a 100-row tile.
    ("register_layouts.fh12_nonlocal_rows_100", C(r"^(SHAPE = \()(64)(, 128\))"), _to("100")),

    # ============================================================ singledispatch_dtype (functools.singledispatch)
    # (expected clean?) the 16-bit registration: float16.
    ("ops_dtypes.fh12_dispatch_f16", C(r"(DTYPE = resolve\()(32)(\))"), _to("16")),
    # (exp of an integer vector) the str registration: int32.
    ("ops_dtypes.fh12_dispatch_int32", C(r"(DTYPE = resolve\()(32)(\))"), _to("\"int32\"")),
    # (a KeyError before any launch) a width the table does not hold.
    ("ops_dtypes.fh12_dispatch_width_64", C(r"(DTYPE = resolve\()(32)(\))"), _to("64")),
    # (expected clean) the str registration: "float32".
    ("ops_dtypes.fh12_dispatch_str_f32", C(r"(DTYPE = resolve\()(32)(\))"), _to("\"float32\"")),
    # (blocks of 300 elements under Lane semantics) BLOCK 300.
    ("blockspec_grid.fh12_dispatch_block_300", C(r"^(N, BLOCK = 2048, )(256)()(?=\s*$)"), _to("300")),
    # (an unbound axis name) the grid axis renamed at the launch only.
    ("kernel_mesh_config.fh12_dispatch_grid_name", C(r"(grid_names=\(\")(blk)(\",\),)"), _to("i")),

    # ============================================================ cached_property_pipeline (cached_property, total_ordering)
    # (expected clean?) a larger bound: the (128, 128, 64) tile.
    ("wgmma_mma.fh12_cached_bound_m128", C(r"(if t <= Tile\()(64)(, 192, 64\)\))"), _to("128")),
    # primitives.py:2282: ELEMS for 4-byte elements.
    ("swizzle_tiling.fh12_cached_elems_quarter", C(r"^(ELEMS = SWIZZLE // )(2)()(?=\s*$)"), _to("4")),
    # core.py:1402: the chosen tile's K 32 (64 bytes of f16).
    ("wgmma_mma.fh12_cached_k_32", C(r"(Tile\(64, 128, )(64)(\), Tile\(128)"), _to("32")),
    # (N = 96: 192 bytes of f16 under a 128-byte swizzle) the chosen tile's N 96.
    ("wgmma_mma.fh12_cached_n_96", C(r"(Tile\(64, )(128)(, 64\), Tile\(128, 128)"), _to("96")),
    # (a pipeline of zero steps) K_STEPS 0.
    ("pipeline.fh12_cached_steps_0", C(r"^(K_STEPS = )(2)()(?=\s*$)"), _to("0")),
    # primitives.py:2539 "n must be a non-negative integer" (generic): wgmma_wait(-1).
    ("wgmma_mma.fh12_wgmma_wait_negative", C(r"(plgpu\.wgmma_wait\()(1)(\))"), _to("-1")),
    # (expected clean?) a 64-byte swizzle (ELEMS follows).
    ("swizzle_tiling.fh12_cached_swizzle_64", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("64")),
    # (a ValueError from max() before any launch) a bound no candidate meets.
    ("control_flow.fh12_cached_bound_small", C(r"(t <= Tile\(64, )(192)(, 64\)\))"), _to("32")),

    # ============================================================ attrgetter_multimem (operator.attrgetter / itemgetter)
    # primitives.py:5749 "Only collective_axes that include all JAX device mesh axes": the axis as a bare string.
    ("collectives.fh12_attrgetter_axis_string", C(r"(plgpu\.multimem_store\(tile, y_ref, )(\(AXIS,\))(\))"), _to("AXIS")),
    # primitives.py:5749: no axes.
    ("collectives.fh12_attrgetter_axes_empty", C(r"(plgpu\.multimem_store\(tile, y_ref, )(\(AXIS,\))(\))"), _to("()")),
    # (a TypeError before any launch) attrgetter's names swapped.
    ("control_flow.fh12_attrgetter_swapped", C(r"(operator\.attrgetter\()(\"mesh\.axis\", \"mesh\.size\")(\))"),
     _to("\"mesh.size\", \"mesh.axis\"")),
    # utils.py (multimem: only 32-, 64- and 128-bit stores): the tile int8.
    ("ops_dtypes.fh12_attrgetter_dtype_int8", C(r"^(\s+dtype=jnp\.)(float32)(,)"), _to("int8")),
    # (the WGMMA layout needs rows in multiples of 64) tile rows 100.
    ("register_layouts.fh12_attrgetter_rows_100", C(r"(tile=\()(128)(, 64\),)"), _to("100")),
    # (expected clean?) a mesh of four devices.
    ("collectives.fh12_attrgetter_size_4", C(r"(axis=\"dev\", size=)(2)(\))"), _to("4")),
    # (a splat layout into multimem_store) the layout_cast removed.
    ("register_layouts.fh12_attrgetter_no_cast",
     C(r"(tile = )(plgpu\.layout_cast\(jnp\.full\(\(ROWS, COLS\), 2\.5, CFG\.dtype\), plgpu\.Layout\.WGMMA\))()"),
     _to("jnp.full((ROWS, COLS), 2.5, CFG.dtype)")),
    # (an IndexError before any launch) itemgetter past the tile tuple.
    ("control_flow.fh12_itemgetter_index_2", C(r"(operator\.itemgetter\(0, )(1)(\))"), _to("2")),

    # ============================================================ chainmap_load_reduce (collections.ChainMap)
    # utils.py:480 "Only add is supported for f32": the override dtype float32 with max.
    ("collectives.fh12_chainmap_float_max", C(r"(OVERRIDES = \{\"op\": \"max\", \"dtype\": \")(int32)(\"\})"), _to("float32")),
    # primitives.py:5893 "Unsupported integer reduction op": mul.
    ("collectives.fh12_chainmap_op_mul", C(r"(OVERRIDES = \{\"op\": \")(max)(\")"), _to("mul")),
    # (expected clean) the maps' order swapped: the defaults' float32 add.
    ("collectives.fh12_chainmap_order_swapped", C(r"(collections\.ChainMap\()(OVERRIDES, DEFAULTS)(\))"),
     _to("DEFAULTS, OVERRIDES")),
    # utils.py:441 (vectors wider than 128 bits): vec 8 of int32.
    ("register_layouts.fh12_chainmap_vec_8", C(r"(\"vec\": )(4)(,)"), _to("8")),
    # (expected clean: jax-facts, set("x") == {"x"}) the axis as a bare one-letter string.
    ("collectives.fh12_chainmap_axes_string", C(r"(collective_axes=)(\(SETTINGS\[\"axis\"\],\))(,)"), _to("SETTINGS[\"axis\"]")),
    # primitives.py:4420 / 5893 (an int8 reduction): the override dtype int8.
    ("ops_dtypes.fh12_chainmap_dtype_int8", C(r"(OVERRIDES = \{\"op\": \"max\", \"dtype\": \")(int32)(\"\})"), _to("int8")),
    # (expected?) the int32 reduction "and".
    ("collectives.fh12_chainmap_op_and", C(r"(OVERRIDES = \{\"op\": \")(max)(\")"), _to("and")),

    # ============================================================ counter_deque_signal (Counter, deque)
    # primitives.py:6010 "collective_axes ... must equal entire mesh axes": the first axis only.
    ("collectives.fh12_deque_first_axis", C(r"(semaphore_signal_multicast\(sem, collective_axes=)(tuple\(AXES\))(\))"),
     _to("tuple(AXES)[:1]")),
    # (expected clean) the deque rotated: both axes, reversed.
    ("collectives.fh12_deque_rotate_1", C(r"(AXES\.rotate\()(0)(\))"), _to("1")),
    # primitives.py:6010: the axes as one string.
    ("collectives.fh12_deque_axes_string", C(r"(semaphore_signal_multicast\(sem, collective_axes=)(tuple\(AXES\))(\))"),
     _to("\"hostchip\"")),
    # (a 2 x 3 mesh for five roles: fails before any launch) one more role.
    ("kernel_mesh_config.fh12_counter_extra_role", C(r"(ROLES = \[\"host\", \"chip\", \"host\", \"chip\")()(\])"),
     _to(", \"chip\"")),
    # (expected clean) one wait more than signals.
    ("collectives.fh12_deque_wait_more", C(r"(pl\.semaphore_wait\(sem, )(DEVICES)(\))"), _to("DEVICES + 1")),
    # (expected clean) every role "host": a 1-D mesh of four.
    ("collectives.fh12_counter_single_axis", C(r"(ROLES = \[)(\"host\", \"chip\", \"host\", \"chip\")(\])"),
     _to("\"host\", \"host\", \"host\", \"host\"")),
    # (int32 + 1.0 is float32, stored to an int32 output) the input int32.
    ("ops_dtypes.fh12_deque_input_int32", C(r"(jnp\.ones\(\(DEVICES \* 128, 64\), jnp\.)(float32)(\))"), _to("int32")),

    # ============================================================ product_budget_pipeline (itertools.product)
    # (a StopIteration / RuntimeError before any launch) a budget nothing fits.
    ("control_flow.fh12_product_budget_tiny", C(r"^(BUDGET = )(96 \* 1024)()"), _to("1024")),
    # launch_context.py:1278: the column candidates end in 2.
    ("copy_tma.fh12_product_cols_2", C(r"(\(256, 128, )(64)(\)\))"), _to("2")),
    # (blocks past the array) the index map's indices swapped.
    ("blockspec_grid.fh12_product_index_swapped", C(r"(BlockSpec\(BLOCK, lambda i, j: )(\(i, j\))(\))"), _to("(j, i)")),
    # (expected clean) one step in flight (a larger block fits).
    ("pipeline.fh12_product_depth_1", C(r"^(DEPTH = )(2)()(?=\s*$)"), _to("1")),
    # (a block index past the array) one column block more than the array holds.
    ("blockspec_grid.fh12_product_grid_cols_extra", C(r"(GRID = \(ROWS // BLOCK\[0\], )(COLS // BLOCK\[1\])(\))"),
     _to("COLS // BLOCK[1] + 1")),
    # pipeline.py (out_specs against the body's refs): no out_specs.
    ("pipeline.fh12_product_no_out_specs", C(r"(in_specs=\[spec, spec\], out_specs=)(\[spec\])(,)"), _to("[]")),
    # (expected clean) twice the budget: a (128, 64) block.
    ("pipeline.fh12_product_budget_double", C(r"^(BUDGET = )(96)( \* 1024)"), _to("192")),

    # ============================================================ template_semantics (string.Template)
    # (expected clean) Lane semantics.
    ("compiler_params.fh12_template_lane", C(r"(substitute\(semantics=\")(Warpgroup)(\")"), _to("Lane")),
    # (a whole kernel under Warp semantics) Warp.
    ("compiler_params.fh12_template_warp", C(r"(substitute\(semantics=\")(Warpgroup)(\")"), _to("Warp")),
    # (famheld11: blocks of 300 fail Warpgroup layout inference) block 300.
    ("blockspec_grid.fh12_template_block_300", C(r"(, block=)(256)(\))"), _to("300")),
    # (expected clean) approx off.
    ("compiler_params.fh12_template_approx_off", C(r"(approx=\")(on)(\")"), _to("off")),
    # (a KeyError from substitute() before any launch) a placeholder not given.
    ("control_flow.fh12_template_missing_key", C(r"(\$semantics:\$approx:\$)(block)(\")"), _to("blocks")),
    # (an unbound axis name) the grid axis renamed at the launch only.
    ("kernel_mesh_config.fh12_template_grid_name", C(r"(grid_names=\(\")(part)(\",\),)"), _to("p")),
    # (an AttributeError before any launch) the member looked up in lower case.
    ("compiler_params.fh12_template_lowercase", C(r"(getattr\(plgpu\.LoweringSemantics, )(SEM_NAME)(\))"),
     _to("SEM_NAME.lower()")),

    # ============================================================ configparser_split_store (configparser)
    # (a static window past the tile) head 64 (the tail still 80 rows).
    ("copy_tma.fh12_config_head_64", C(r"^(head = )(48)()(?=\s*$)"), _to("64")),
    # launch_context.py:1278 / GMEM strides: cols 2.
    ("copy_tma.fh12_config_cols_2", C(r"^(cols = )(64)()(?=\s*$)"), _to("2")),
    # (expected clean) dtype bfloat16.
    ("ops_dtypes.fh12_config_dtype_bf16", C(r"^(dtype = )(float32)()(?=\s*$)"), _to("bfloat16")),
    # (a NoSectionError before any launch) the section misspelt.
    ("control_flow.fh12_config_section_typo", C(r"(PARSER\.getint\(\")(parts)(\", \"head\"\))"), _to("part")),
    # primitives.py:235 "Expected shapes to match": the tail output declared with the head's rows.
    ("copy_tma.fh12_config_tail_out_head", C(r"(jax\.ShapeDtypeStruct\(\()(TAIL)(, COLS\), DTYPE\)\))"), _to("HEAD")),
    # (expected clean) the head store commits its own group.
    ("copy_tma.fh12_config_head_commit_true", C(r"(head_gmem, commit_group=)(False)(\))"), _to("True")),
    # primitives.py:227 "Expected dtypes to match": the head output float16.
    ("copy_tma.fh12_config_head_dtype_f16", C(r"(outs = \(jax\.ShapeDtypeStruct\(\(HEAD, COLS\), )(DTYPE)(\))"),
     _to("jnp.float16")),
    # primitives.py:1446 "n must be a non-negative integer" (generic).
    ("copy_tma.fh12_wait_smem_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),

    # ============================================================ struct_unpack_iota (struct.pack / unpack)
    # (WG_STRIDED vector width not dividing the tile) vec 3.
    ("register_layouts.fh12_struct_vec_3", C(r"(struct\.pack\(\"<HHB\", 128, 128, )(4)(\))"), _to("3")),
    # (a WG_STRIDED tile of 100 rows) rows 100.
    ("register_layouts.fh12_struct_rows_100", C(r"(struct\.pack\(\"<HHB\", )(128)(, 128, 4\))"), _to("100")),
    # (a struct.error before any launch) the unpack format one field short.
    ("control_flow.fh12_struct_format_short", C(r"(struct\.unpack\(\")(<HHB)(\", HEADER\))"), _to("<HH")),
    # lowering.py:4640 "Failed to infer the output layout of the iota": the layout_cast removed.
    ("register_layouts.fh12_struct_no_cast",
     C(r"(rows = )(plgpu\.layout_cast\(jax\.lax\.broadcasted_iota\(jnp\.int32, SHAPE, 0\), LAYOUT\))()"),
     _to("jax.lax.broadcasted_iota(jnp.int32, SHAPE, 0)")),
    # (a float32 sum stored to an int32 output) the iota float32.
    ("ops_dtypes.fh12_struct_iota_f32", C(r"(broadcasted_iota\(jnp\.)(int32)(, SHAPE, 0\))"), _to("float32")),
    # utils.py:441 (vectors wider than 128 bits): vec 16 of int32.
    ("register_layouts.fh12_struct_vec_16", C(r"(struct\.pack\(\"<HHB\", 128, 128, )(4)(\))"), _to("16")),
    # (expected clean?) the WGMMA layout for the strided one.
    ("register_layouts.fh12_struct_layout_wgmma", C(r"^(LAYOUT = )(plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\))()"),
     _to("plgpu.Layout.WGMMA")),

    # ============================================================ bisect_swizzle_blocks (math, bisect)
    # (an IndexError before any launch) the bisect index not stepped back.
    ("control_flow.fh12_bisect_index_off", C(r"(BLOCK_COLS \* ELEM_BYTES\) )(- 1)(\])"), _to("+ 0")),
    # lowering.py:1931 / core.py:1402: block columns gcd(384, 96) = 96 under a 128-byte swizzle.
    ("swizzle_tiling.fh12_bisect_gcd_96", C(r"(math\.gcd\(COLS, )(128)(\))"), _to("96")),
    # lowering.py:1931: element bytes 4 for f16 data (tiling (8, 32) under a 128-byte swizzle).
    ("swizzle_tiling.fh12_bisect_elem_bytes_4", C(r"^(ELEM_BYTES = )(2)()(?=\s*$)"), _to("4")),
    # (a 512-row block over 256 rows) isqrt of a larger product.
    ("copy_tma.fh12_bisect_rows_512", C(r"(math\.isqrt\(ROWS \* )(16)(\))"), _to("1024")),
    # core.py:1390: a 256-byte swizzle among the candidates.
    ("swizzle_tiling.fh12_bisect_swizzle_256", C(r"^(SWIZZLES = \[32, 64, 128)()(\])"), _to(", 256")),
    # core.py:1390: a 96-byte swizzle for the largest candidate.
    ("swizzle_tiling.fh12_bisect_swizzle_96", C(r"^(SWIZZLES = \[32, 64, )(128)(\])"), _to("96")),
    # lowering.py:1931 (f16 tiling over float32 data): the input float32.
    ("ops_dtypes.fh12_bisect_input_f32", C(r"(jnp\.ones\(\(ROWS, COLS\), jnp\.)(float16)(\))"), _to("float32")),
    # (expected clean) the block spec without transforms.
    ("blockspec_grid.fh12_bisect_no_transforms", C(r"(lambda i, j: \(i, j\), )(transforms=TRANSFORMS)(\))"), _to("transforms=()")),

    # ============================================================ fraction_cluster_barrier (fractions, divmod)
    # (an AssertionError before any launch) a third: 128 rows do not split.
    ("control_flow.fh12_fraction_third", C(r"(fractions\.Fraction\(1, )(2)(\))"), _to("3")),
    # (expected clean) 2/4, normalised to 1/2.
    ("cluster_collective.fh12_fraction_equivalent", C(r"(fractions\.Fraction\()(1, 2)(\))"), _to("2, 4")),
    # lowering.py:3323 "Unknown cluster axis": the ClusterBarrier over the grid axis.
    ("cluster_collective.fh12_fraction_barrier_axis_grid", C(r"(ClusterBarrier\(collective_axes=\(\")(duo)(\",\)\))"),
     _to("cta")),
    # (an unbound axis name / unknown cluster axis) the cluster renamed at the launch only.
    ("kernel_mesh_config.fh12_fraction_cluster_renamed", C(r"(cluster_names=\(\")(duo)(\",\),)"), _to("pair")),
    # (expected clean: arrivals are not checked) the peer arrive removed.
    ("barrier.fh12_fraction_peer_arrive_dropped", C(r"^(\s+)(plgpu\.barrier_arrive\(peers\))()(?=\s*$)"), _to("pass")),
    # primitives.py:235: the part stored to the whole output.
    ("copy_tma.fh12_fraction_store_full", C(r"(plgpu\.copy_smem_to_gmem\(smem, )(o_gmem\.at\[rows\])(\))"), _to("o_gmem")),
    # (expected clean?) a quarter: a cluster of four.
    ("cluster_collective.fh12_fraction_quarter", C(r"(fractions\.Fraction\(1, )(2)(\))"), _to("4")),
    # (a Fraction times a traced array) SCALE left a Fraction.
    ("ops_dtypes.fh12_fraction_scale_fraction", C(r"^(SCALE = )(float\(SHARE\))()"), _to("SHARE")),

    # ============================================================ contextmanager_global_slots (contextmanager, global)
    # (a ZeroDivisionError before any launch) zero slots.
    ("control_flow.fh12_slots_zero", C(r"(with slots\()(4)(\):)"), _to("0")),
    # (expected clean) three slots of 42 rows.
    ("copy_tma.fh12_slots_3", C(r"(with slots\()(4)(\):)"), _to("3")),
    # (a barrier index past the array) one barrier.
    ("barrier.fh12_slots_one_barrier", C(r"(plgpu\.Barrier\(num_barriers=)(n)(\))"), _to("1")),
    # (an UnboundLocalError before any launch) the global statement dropped.
    ("control_flow.fh12_slots_global_dropped", C(r"^(\s+)(global SLOTS)()(?=\s*$)"), _to("pass")),
    # (a static window past the tile) each part 8 rows taller.
    ("copy_tma.fh12_slots_part_plus", C(r"(rows = pl\.ds\(i \* part, )(part)(\))"), _to("part + 8")),
    # lowering.py:1127 on 0.10.2 (sqrt unimplemented under Lane there; measured on this base's first draft).
    ("ops_dtypes.fh12_slots_sqrt", C(r"(smem\[\.\.\.\] = jnp\.)(abs)(\(smem\[\.\.\.\]\) \+ 1\.0)"), _to("sqrt")),
    # (expected clean) the build reads the slot count outside the context (SLOTS back to 1).
    ("control_flow.fh12_slots_outside_context", C(r"^(with slots\()(4)(\):)"), _to("SLOTS")),

    # ============================================================ regex_groups_wgmma_load (re named groups)
    # core.py:1390: swizzle 256.
    ("swizzle_tiling.fh12_regex_swizzle_256", C(r"(\"bf16:64x64/sw)(128)(\")"), _to("256")),
    # core.py:1402: 32 bf16 columns under a 128-byte swizzle.
    ("swizzle_tiling.fh12_regex_cols_32", C(r"(\"bf16:64x)(64)(/sw128\")"), _to("32")),
    # core.py:1402: 64 float32 columns under a 128-byte swizzle.
    ("ops_dtypes.fh12_regex_dtype_f32", C(r"(\")(bf16)(:64x64/sw128\")"), _to("f32")),
    # (the WGMMA layout needs 64 rows) rows 32.
    ("register_layouts.fh12_regex_rows_32", C(r"(\"bf16:)(64)(x64/sw128\")"), _to("32")),
    # (a KeyError before any launch) a dtype tag the table does not hold.
    ("control_flow.fh12_regex_unknown_dtype", C(r"(\")(bf16)(:64x64/sw128\")"), _to("fp16")),
    # lowering.py:1969 "Unsupported swizzle transform with strided layout".
    ("register_layouts.fh12_regex_layout_strided", C(r"(load_as\(smem, plgpu\.Layout\.)(WGMMA)(\))"),
     _to("WG_STRIDED(SHAPE, vec_size=8)")),
    # (expected clean) f16.
    ("ops_dtypes.fh12_regex_f16", C(r"(\")(bf16)(:64x64/sw128\")"), _to("f16")),
    # (an IndexError before any launch) a group name the pattern lacks.
    ("control_flow.fh12_regex_group_name", C(r"(SWIZZLE = int\(SPEC\[\")(swizzle)(\"\]\))"), _to("swizzles")),

    # ============================================================ jax_wgmma_fence_ptx
    # wgmma.py:135 / "Only f16 WGMMA supports transposes": the operands float32.
    ("wgmma_mma.fh12_fence_in_f32", C(r"(in_dtype, out_dtype = jnp\.)(float16)(, jnp\.float32)"), _to("float32")),
    # wgmma.py:69: a 32 x 32 problem.
    ("wgmma_mma.fh12_fence_shape_32", C(r"^(shape = \()(64)(, 64\))"), _to("32")),
    # core.py:1402: a 64-byte swizzle over 64 f16 columns.
    ("swizzle_tiling.fh12_fence_swizzle_64", C(r"(transforms = default_transforms\(dtype=in_dtype)()(\))"), _to(", swizzle=64")),
    # (an f16 accumulator) out_dtype float16.
    ("wgmma_mma.fh12_fence_out_f16", C(r"(in_dtype, out_dtype = jnp\.float16, jnp\.)(float32)()"), _to("float16")),
    # primitives.py:2282 / lowering.py:1931 (generic, JAX bases): default_transforms counting 16 bits a byte.
    ("swizzle_tiling.fh12_default_transforms_bits",
     C(r"(swizzle_elems = 8 \* swizzle // \(jnp\.dtype\(dtype\)\.itemsize \* )(8)(\))"), _to("16")),
    # (the accumulator's shape against the operands') an ACC of (64, 128).
    ("wgmma_mma.fh12_fence_acc_shape", C(r"(pl\.run_scoped\(scope, plgpu\.ACC\()(shape)(, out_dtype\)\))"), _to("(64, 128)")),
    # (expected clean) bf16 operands.
    ("ops_dtypes.fh12_fence_in_bf16", C(r"(in_dtype, out_dtype = jnp\.)(float16)(, jnp\.float32)"), _to("bfloat16")),

    # ============================================================ jax_line_info
    # (a static index past the ref) x_ref[256].
    ("ref_indexing.fh12_line_info_index_256", C(r"(x_ref\[\.\.\.\] \+ x_ref\[)(0)(\])"), _to("256")),
    # (a float32 sum stored to an int32 output) the output int32.
    ("ops_dtypes.fh12_line_info_out_int32", C(r"(jax\.ShapeDtypeStruct\(\[256\], jnp\.)(float32)(\))"), _to("int32")),
    # (expected?) a negative static index.
    ("ref_indexing.fh12_line_info_index_neg", C(r"(x_ref\[\.\.\.\] \+ x_ref\[)(0)(\])"), _to("-1")),
    # (the input's shape against the output's) the output 128 long.
    ("ref_indexing.fh12_line_info_out_128", C(r"(jax\.ShapeDtypeStruct\(\[)(256)(\], jnp\.float32\))"), _to("128")),
    # (a (256,) + (2,) broadcast) a slice for the scalar.
    ("ref_indexing.fh12_line_info_slice", C(r"(x_ref\[\.\.\.\] \+ x_ref\[)(0)(\])"), _to("0:2")),
    # (expected clean mostly) Lane -> Warpgroup (generic).
    ("compiler_params.fh12_lane_to_warpgroup", C(r"(lowering_semantics=plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),

    # ============================================================ jax_clz_ptx
    # (clz of a float) the input float32.
    ("ops_dtypes.fh12_clz_input_f32", C(r"(x = jnp\.arange\(128, dtype=jnp\.)(int32)(\))"), _to("float32")),
    # (an int32 result into a float32 output) the output float32.
    ("ops_dtypes.fh12_clz_out_f32", C(r"(out_shape=jax\.ShapeDtypeStruct\(shape, jnp\.)(int32)(\)\))"), _to("float32")),
    # lowering.py:1127 (an unimplemented primitive?): population_count for clz.
    ("ops_dtypes.fh12_clz_popcount", C(r"(o_ref\[\.\.\.\] = lax\.)(clz)(\(x_ref)"), _to("population_count")),
    # (expected clean?) the input left in GMEM.
    ("blockspec_grid.fh12_clz_input_gmem", C(r"(out_shape=jax\.ShapeDtypeStruct\(shape, jnp\.int32\))()(\))"),
     _to(", in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)]")),
    # (the input's shape against the output's) the output 64 long.
    ("ref_indexing.fh12_clz_shape_64", C(r"^(shape = \()(128)(,\))"), _to("64")),
    # (a spec more than the outputs: safe_zip) the harness's default out_specs one too many (generic).
    ("blockspec_grid.fh12_harness_extra_out_spec", C(r"(outs = outs or \[pl\.BlockSpec\(\)\] \* )(num_outputs)()"),
     _to("(num_outputs + 1)")),

    # ============================================================ jax_pretty_printing_load
    # (a static index past the ref) three rows of two.
    ("ref_indexing.fh12_pretty_rows_3", C(r"(for i in range\()(2)(\):)"), _to("3")),
    # (expected clean?) the output block in GMEM.
    ("blockspec_grid.fh12_pretty_out_gmem", C(r"(out_specs=plgpu\.BlockSpec\(memory_space=plgpu\.)(SMEM)(\))"), _to("GMEM")),
    # (expected clean?) the input staged to SMEM.
    ("blockspec_grid.fh12_pretty_in_smem", C(r"(in_specs=\[pl\.BlockSpec\(memory_space=plgpu\.)(GMEM)(\)\])"), _to("SMEM")),
    # (a float32 row stored to a bfloat16 ref) the output bfloat16.
    ("ops_dtypes.fh12_pretty_out_bf16", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[2, 128\], jnp\.)(float32)(\))"), _to("bfloat16")),
    # (a static index past the output) each row stored one lower.
    ("ref_indexing.fh12_pretty_store_shifted", C(r"(o_ref\[)(i)(, \.\.\.\] = x)"), _to("i + 1")),
    # (the output's shape against the rows) the output 64 wide.
    ("ref_indexing.fh12_pretty_out_64", C(r"(out_shape=jax\.ShapeDtypeStruct\(\[2, )(128)(\], jnp\.float32\))"), _to("64")),

    # ============================================================ jax_print_wgmma_tiled_layout
    # lowering.py:1931: bf16 transforms over the float32 input.
    ("swizzle_tiling.fh12_print_tiled_bf16_transforms", C(r"(transforms=default_transforms\(dtype=jnp\.)(float32)(\),)"),
     _to("bfloat16")),
    # core.py:1402: 16 float32 columns under a 128-byte swizzle.
    ("swizzle_tiling.fh12_print_cols_16", C(r"^(shape = \(128, )(32)(\))"), _to("16")),
    # (expected clean?) an int32 input.
    ("ops_dtypes.fh12_print_input_int32", C(r"(x = jnp\.arange\(size, dtype=jnp\.)(float32)(\))"), _to("int32")),
    # (expected clean) a 32-byte swizzle (tiling follows).
    ("swizzle_tiling.fh12_print_swizzle_32", C(r"(transforms=default_transforms\(dtype=jnp\.float32)()(\),)"), _to(", swizzle=32")),
    # (a format string with two placeholders for one value) debug_print's format.
    ("ops_dtypes.fh12_print_format_two", C(r"(pl\.debug_print\(\"prefix )(\{\})(\", x_ref)"), _to("{} {}")),

    # ============================================================ jax_remote_dma_2d_mesh
    # (expected clean) the test's second parameter: axis 'y'.
    ("collectives.fh12_2d_axis_y", C(r"^(axis = ')(x)(')"), _to("y")),
    # (an unbound axis name) an axis the mesh lacks.
    ("collectives.fh12_2d_axis_z", C(r"^(axis = ')(x)(')"), _to("z")),
    # (the remote store's shape against the input's) the output 16 rows (both remote DMA bases).
    ("ref_indexing.fh12_remote_out_rows_16", C(r"(out_type=jax\.ShapeDtypeStruct\(\()(8)(, 128\), jnp\.float32\))"), _to("16")),
    # (4 devices along 'x': 4-row shards against an 8-row output) the mesh 4 x 1.
    ("collectives.fh12_2d_mesh_4x1", C(r"(np\.asarray\(devices\)\.reshape\()(2, 2)(\))"), _to("4, 1")),
    # (expected clean) the wait for two signals.
    ("collectives.fh12_2d_wait_two", C(r"(pl\.semaphore_wait\(recv_sem)()(\))"), _to(", 2")),

    # ============================================================ jax_remote_dma_with_profiler
    # core.py:160 "Either both profile_space and profile_dir must be set, or neither": no profile_dir.
    ("compiler_params.fh12_profiler_dir_none", C(r"(profile_space=2, profile_dir=)(tmpdir)(,)"), _to("None")),
    # core.py:160: profile_space 0 with a profile_dir.
    ("compiler_params.fh12_profiler_space_0", C(r"(profile_space=)(2)(, profile_dir)"), _to("0")),
    # (an int32 value stored to a float32 remote ref) the neighbour store cast.
    ("ops_dtypes.fh12_profiler_store_int32", C(r"(neighbor_ptr\[\.\.\.\] = )(x_ref\[\.\.\.\])()"), _to("x_ref[...].astype(jnp.int32)")),
    # (an unbound axis name) the peer from axis 'y'.
    ("collectives.fh12_profiler_axis_y", C(r"(other_dev_id = 1 - lax\.axis_index\(')(x)('\))"), _to("y")),

    # ============================================================ jax_all_reduce (reduce_scatter_mgpu driver)
    # (expected clean) the test's third parameter: bfloat16 max.
    ("collectives.fh12_all_reduce_bf16_max", C(r"^(dtype, reduction = jnp\.)(float16, \"add\")()"), _to("bfloat16, \"max\"")),
    # (expected?) float16 max.
    ("collectives.fh12_all_reduce_f16_max", C(r"^(dtype, reduction = jnp\.float16, \")(add)(\")"), _to("max")),
    # (an unsupported reduction) mul.
    ("collectives.fh12_all_reduce_mul", C(r"^(dtype, reduction = jnp\.float16, \")(add)(\")"), _to("mul")),
    # (the op's tile checks) tile_size 300.
    ("collectives.fh12_all_reduce_tile_300", C(r"(= \(1024, 1024\), )(512)(, None, 4)"), _to("300")),
    # utils.py:441 (vectors wider than 128 bits): vec_size 16 of float16.
    ("collectives.fh12_all_reduce_vec_16", C(r"(= \(1024, 1024\), 512, )(None)(, 4)"), _to("16")),
    # (an unbound axis name) axis_name "y".
    ("collectives.fh12_all_reduce_axis_name", C(r"(axis_name=\")(x)(\",)"), _to("y")),
    # (reduce-scatter of a one-element leading dimension) scatter_dimension 0.
    ("collectives.fh12_all_reduce_scatter_dim0", C(r"(scatter_dimension=)(None)(,)"), _to("0")),
    # (zero blocks) num_blocks 0.
    ("collectives.fh12_all_reduce_blocks_0", C(r"(= \(1024, 1024\), 512, None, )(4)()"), _to("0")),

    # ============================================================ jax_tmem_aliased_refs_collision
    # core.py:202 "dtypes narrower than 32-bit require either the packed argument or an explicit TMEM layout".
    ("tmem.fh12_collision_no_packed", C(r"(alloc = plgpu\.TMEM\(shape, dtype)(, packed=False)(\))"), _to("")),
    # (packed float32 TMEM) the refs float32.
    ("tmem.fh12_collision_f32", C(r"^(shape, dtype = \(128, 128\), jnp\.)(float16)()"), _to("float32")),
    # (expected clean) the test's second parameter: no RefUnion.
    ("tmem.fh12_collision_no_union", C(r"^(use_ref_union = )(True)()"), _to("False")),
    # (TMEM of 64 lanes) 64 rows.
    ("tmem.fh12_collision_rows_64", C(r"^(shape, dtype = \()(128)(, 128\))"), _to("64")),
    # (more than 512 TMEM columns) 2048 columns.
    ("tmem.fh12_collision_cols_2048", C(r"^(shape, dtype = \(128, )(128)(\))"), _to("2048")),
    # (print_layout of a RefUnion) the union not unpacked.
    ("tmem.fh12_collision_union_unpacked", C(r"^(\s+)(\[tmem_ref\])( = aliased_ref)"), _to("tmem_ref")),

    # ============================================================ jax_integer_matmul (tcgen05, int8)
    # (expected clean) uint8 operands.
    ("tmem.fh12_int_matmul_uint8", C(r"(= 64, 128, 64, jnp\.)(int8)(, False)"), _to("uint8")),
    # (expected clean?) swizzle 128 (the test skips n * itemsize <= swizzle).
    ("swizzle_tiling.fh12_int_matmul_swizzle_128", C(r"(= 64, 128, )(64)(, jnp\.int8)"), _to("128")),
    # (expected clean) m 128.
    ("tmem.fh12_int_matmul_m_128", C(r"(m, n, swizzle, dtype, lhs_tmem = )(64)(, 128)"), _to("128")),
    # (the test skips m = 64 with the LHS in TMEM) lhs_tmem True.
    ("tmem.fh12_int_matmul_lhs_tmem", C(r"(= 64, 128, 64, jnp\.int8, )(False)()"), _to("True")),
    # (int8 MMA into a float32 accumulator) o_dtype float32.
    ("tmem.fh12_int_matmul_acc_f32", C(r"^(o_dtype = jnp\.)(int32)()"), _to("float32")),
    # primitives.py:2874 "MMA barrier must have orders_tensor_core set to True".
    ("barrier.fh12_int_matmul_barrier_plain", C(r"(plgpu\.Barrier\()(orders_tensor_core=True)(\),)"), _to("")),
    # (expected clean) accumulate=True.
    ("tmem.fh12_int_matmul_accumulate", C(r"(barrier_ref, accumulate=)(False)()"), _to("True")),
    # (N = 100) n 100.
    ("tmem.fh12_int_matmul_n_100", C(r"(m, n, swizzle, dtype, lhs_tmem = 64, )(128)(, 64)"), _to("100")),

    # ============================================================ generic
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs".
    ("copy_tma.fh12_load_without_barrier", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem, smem)(, bar)(\))"), _to("")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh12_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\(bar\))()(?=\s*$)"), _to("pass")),
    # (expected clean?) commit_smem removed before a TMA store.
    ("copy_tma.fh12_commit_smem_dropped", C(r"^(\s+)(plgpu\.commit_smem\(\))()(?=\s*$)"), _to("pass")),
)


def famheld12_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
