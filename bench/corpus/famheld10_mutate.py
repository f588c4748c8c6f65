"""One-edit mutations for the tenth held-out families corpus `famheld10` (issue 27), written blind from JAX's own
checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py,
jax/_src/pallas/core.py, jax/experimental/mosaic/gpu/{wgmma,tcgen05,launch_context,utils}.py and
jax/_src/lax/control_flow of JAX 0.12.0.1, each cited at its operator as file:line, from
/work/shared/jax-raise-sites/sites.tsv and the installed sources) and nothing else: the checker was not read, and
the earlier sets' operators (famheld_mutate.py ... famheld9_mutate.py, family_mutate.py) only for their names, so
that every name here is new (each operator name carries the prefix `fh10_`).

The bases (build_famheld10.py) keep what the kernel depends on in Python structures that no earlier set used: a
dict subclass's __missing__, __class_getitem__, functools.total_ordering, itertools.starmap / pairwise / groupby /
zip_longest / cycle, collections.Counter / deque / OrderedDict.move_to_end, enum.IntFlag with auto(), an IntEnum
with auto() and a property, Enum._missing_, an Enum with __new__, dataclasses.InitVar, dataclasses.make_dataclass,
typing.TypedDict, typing.get_type_hints of annotated class defaults, a match statement over class patterns,
ast.literal_eval, textwrap.dedent + str.partition, heapq, a type() class factory, generators with yield from,
sorted() with a tuple key, any() / all(), a types.ModuleType read through getattr defaults, struct.unpack,
tomllib.loads, csv.reader over io.StringIO, shlex.split, functools.cmp_to_key, __contains__ / __len__ / __iter__,
dict.fromkeys / setdefault, contextlib.suppress, slice objects, globals() lookups, and a per-platform table of
compiler-params constructors. So most operators edit the value where the program keeps it (a dict literal, an
enum member, a CSV / TOML / INI-like text, a struct header, a deque, a Counter key, a class default), and some
(marked "kernel") edit the kernel or its launch directly; a few generic ones ("generic") fit many bases.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX, and a mutant that still
lowers is a clean negative (several operators are written expecting one: "(expected clean)").
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

EDITS = (
    # ------------------------------------------------------------ swizzle_tiling
    # mosaic_gpu/core.py:1390 SwizzleTransform "Swizzle {n} is not supported. Only 32, 64 and 128 are accepted.":
    # the TileDict literal's swizzle 256 (its __missing__ hook then derives a 128-element tiling).
    ("swizzle_tiling.fh10_missing_dict_swizzle_256", C(r"(TileDict\(rows=128, cols=64, swizzle=)(128)(,)"), _to("256")),
    # core.py:1402 "Swizzle {n} requires the trailing dimension to be of size ...": the TileDict's cols 32 (64 bytes of
    # f16 under a 128-byte swizzle).
    ("swizzle_tiling.fh10_missing_dict_cols_32", C(r"(TileDict\(rows=128, cols=)(64)(,)"), _to("32")),
    # lowering.py:1931 "Minor tiling dimension does not fit swizzle": __missing__ derives the tiling in bytes.
    ("swizzle_tiling.fh10_missing_hook_bytes_not_elems",
     C(r"(value = )(self\[\"swizzle\"\] // jnp\.dtype\(self\[\"dtype\"\]\)\.itemsize)()"), _to("self[\"swizzle\"]")),
    # core.py:1402 / lowering.py:1931: total_ordering picks a 32-byte swizzle for a 24-column bf16 row (48 bytes),
    # whose 16-element tiling does not divide 24 columns.
    ("swizzle_tiling.fh10_ordering_cols_24", C(r"^(ROWS, COLS = 64, )(64)()(?=\s*$)"), _to("24")),
    # lowering.py:1931: the ELEMS of the total_ordering base computed for 4-byte elements (bf16 tile).
    ("swizzle_tiling.fh10_ordering_elems_f32", C(r"^(ELEMS = SWIZZLE // )(jnp\.dtype\(DTYPE\)\.itemsize)()"), _to("4")),
    # (expected clean) min() for max() over the admitted swizzles: 32 bytes with a (8, 16) tiling.
    ("swizzle_tiling.fh10_ordering_min_swizzle", C(r"^(SWIZZLE = )(max)(\(s for s in map)"), _to("min")),
    # lowering.py:1927 "Tiling without swizzle is not supported": the IntFlag mode without SWIZZLED.
    ("swizzle_tiling.fh10_intflag_tiled_only", C(r"^(MODE = )(Staging\.TILED \| Staging\.SWIZZLED)()"), _to("Staging.TILED")),
    # launch_context.py:1288 "Async copies with swizzle=... require the last dimension of the slice to be exactly
    # {swizzle} bytes": the IntFlag mode without TILED (a 256-byte f16 row under a 128-byte swizzle).
    ("swizzle_tiling.fh10_intflag_swizzled_only", C(r"^(MODE = )(Staging\.TILED \| Staging\.SWIZZLED)()"),
     _to("Staging.SWIZZLED")),
    # core.py:1390: the module SWIZZLE 96.
    ("swizzle_tiling.fh10_module_swizzle_96", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("96")),
    # core.py:1390: struct.unpack of the header as big-endian (128 read as 32768).
    ("swizzle_tiling.fh10_struct_big_endian", C(r"(struct\.unpack\(\")(<)(HHH\", HEADER\))"), _to(">")),
    # lowering.py:1931 / primitives.py:4961: the struct base's tiling derived for 2-byte elements (f32 tile).
    ("swizzle_tiling.fh10_struct_tiling_half_elems", C(r"(TilingTransform\(\(8, SWIZZLE // )(4)(\)\))"), _to("2")),
    # lowering.py:1931 / primitives.py:4961 (generic): a (8, 32) f32 tiling written (8, 64) under a 128-byte swizzle.
    ("swizzle_tiling.fh10_f32_tiling_64", C(r"(TilingTransform\(\(8, )(32)(\)\), plgpu\.SwizzleTransform\(128\))"), _to("64")),
    # primitives.py:3020 "MMA lhs tiling does not fit swizzle" (generic, the JAX bases): default_transforms'
    # itemsize_bits written for 32-bit elements.
    ("swizzle_tiling.fh10_default_transforms_bits_32", C(r"(TilingTransform\(\(8, 8 \* swizzle // )(16)(\)\))"), _to("32")),

    # ------------------------------------------------------------ copy_tma
    # primitives.py:862 / 227 "Expected dtypes to match": Buf[...] of the LHS buffer float16 for a float32 input.
    ("copy_tma.fh10_class_getitem_dtype_half", C(r"^(LHS_BUF = Buf\[jnp\.)(float32)(, 64, 128\])"), _to("float16")),
    # primitives.py:896 "Expected source shape ...": the RHS buffer's Buf[...] dims swapped.
    ("copy_tma.fh10_class_getitem_dims_swapped", C(r"^(RHS_BUF = Buf\[jnp\.float32, )(64, 128)(\])"), _to("128, 64")),
    # launch_context.py:1278 "Async copies require the number of bits copied along the last dimension to be divisible
    # by 128": the last starmap pair 2 float32 wide.
    ("copy_tma.fh10_starmap_width_2", C(r"(PAIRS = \[\(0, 32\), \(32, 64\), \(96, )(32)(\)\])"), _to("2")),
    # (a static window past the array: pl.ds bounds) the last starmap pair moved to offset 112.
    ("copy_tma.fh10_starmap_offset_past_end", C(r"(PAIRS = \[\(0, 32\), \(32, 64\), \()(96)(, 32\)\])"), _to("112")),
    # primitives.py:896: the OrderedDict's stage buffer registered transposed.
    ("copy_tma.fh10_ordered_stage_transposed", C(r"^(SCRATCH\[\"stage\"\] = plgpu\.SMEM\()(SHAPE)(, jnp\.float32\))"),
     _to("SHAPE[::-1]")),
    # primitives.py:862: the generator's SMEM buffer bfloat16.
    ("copy_tma.fh10_yield_buffer_bf16", C(r"(yield plgpu\.SMEM\(SHAPE, jnp\.)(float32)(\))"), _to("bfloat16")),
    # launch_context.py:1278: the CSV tile 2 columns wide (8 bytes).
    ("copy_tma.fh10_csv_tile_cols_2", C(r"^(tile,64,)(64)()(?=\s*$)"), _to("2")),
    # launch_context.py:1921 (the TMA box: at most 256 per dimension): the CSV tile 512 rows tall.
    ("copy_tma.fh10_csv_tile_rows_512", C(r"^(tile,)(64)(,64)"), _to("512")),
    # (a static window past the staged tile: pl.ds bounds) the bottom slice object to row 192.
    ("copy_tma.fh10_slice_bottom_past_end", C(r"(TOP, BOTTOM = slice\(0, 64\), slice\(64, )(128)(\))"), _to("192")),
    # primitives.py:235 "Expected shapes to match": the top output declared with every row of the tile.
    ("copy_tma.fh10_slice_top_output_full", C(r"(half = jax\.ShapeDtypeStruct\(\()(TOP\.stop - TOP\.start)(, SHAPE\[1\]\))"),
     _to("SHAPE[0]")),
    # launch_context.py:1278: the cycle base's rows 2 float32 wide.
    ("copy_tma.fh10_cycle_cols_2", C(r"^(ROWS, COLS = 32, )(128)()(?=\s*$)"), _to("2")),
    # primitives.py:1446 "n must be a non-negative integer" (generic).
    ("copy_tma.fh10_wait_smem_negative", C(r"(plgpu\.wait_smem_to_gmem\()(0)(\))"), _to("-1")),
    # primitives.py:88 "{name} must be a SMEM reference" (generic, kernel): a whole-ref store's source and target swapped.
    ("copy_tma.fh10_store_operands_swapped", C(r"(plgpu\.copy_smem_to_gmem\()(smem, o_gmem)(\))"), _to("o_gmem, smem")),
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs" (generic, kernel).
    ("copy_tma.fh10_load_without_barrier", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem, smem)(, bar)(\))"), _to("")),
    # primitives.py:227: the output declared float16 for a float32 SMEM tile (generic).
    ("copy_tma.fh10_out_type_half", C(r"(out_type=jax\.ShapeDtypeStruct\(SHAPE, jnp\.)(float32)(\))"), _to("float16")),

    # ------------------------------------------------------------ wgmma_mma
    # mosaic/gpu/wgmma.py:416 "N must be a multiple of 8 and <= 256" / the 64-element tiling of N: InitVar target giving
    # n = 100.
    ("wgmma_mma.fh10_initvar_target_n_100", C(r"(Tile\(m=64, k=64, target=64 \* )(128)(\))"), _to("100")),
    # wgmma.py:69 "WGMMA requires m and n to be multiples of 64 and 8": the dataclass's m 48.
    ("wgmma_mma.fh10_initvar_m_48", C(r"(Tile\(m=)(64)(, k=64, target=)"), _to("48")),
    # core.py:1402: the dataclass's k 32 (64 bytes of f16 under a 128-byte swizzle).
    ("wgmma_mma.fh10_initvar_k_32", C(r"(Tile\(m=64, k=)(64)(, target=)"), _to("32")),
    # wgmma.py:135 "Unsupported wgmma types" / lowering.py:1931: the dataclass dtype default float32.
    ("wgmma_mma.fh10_initvar_dtype_float32", C(r"^(\s+dtype: object = jnp\.)(float16)()(?=\s*$)"), _to("float32")),
    # wgmma.py:416 / the tiling of N: __post_init__ derives n with % (n = 0).
    ("wgmma_mma.fh10_post_init_modulo", C(r"(self\.n = target )(//)( self\.m)"), _to("%")),
    # lowering.py:1931 / the 64-element tiling: the heap entry (128, 128) widened to N = 136 and still chosen.
    ("wgmma_mma.fh10_heap_tile_n_136", C(r"(TILES = \[\(128, 256\), \(64, 128\), \(128, )(128)(\), \(64, 64\)\])"), _to("136")),
    # core.py:1402: the heap base's TK 48 (96 bytes of bf16 under a 128-byte swizzle).
    ("wgmma_mma.fh10_heap_k_48", C(r"^(TK, K_STEPS = )(64)(, 2)"), _to("48")),
    # (expected clean?) the heap's target 128 x 256: an M = 128, N = 256 accumulator.
    ("wgmma_mma.fh10_heap_target_wide", C(r"(abs\(m \* n - )(64)( \* 256\))"), _to("128")),
    # wgmma.py:135 / primitives.py:2282: the short dtype alias float32 with a (8, 64) tiling (generic).
    ("wgmma_mma.fh10_dt_alias_float32", C(r"^(DT = jnp\.)(bfloat16|float16)()(?=\s*$)"), _to("float32")),
    # primitives.py:2282 "WGMMA lhs tiling does not fit swizzle": the Enum member's byte width 4 for bf16.
    ("wgmma_mma.fh10_enum_new_nbytes_4", C(r"(BRAIN = \(\"bfloat16\", )(2)(\))"), _to("4")),
    # wgmma.py:135 / fp8 WGMMA operands: the Enum member's dtype float8_e4m3fn (1 byte).
    ("wgmma_mma.fh10_enum_new_float8", C(r"(BRAIN = \()(\"bfloat16\", 2)(\))"), _to("\"float8_e4m3fn\", 1")),
    # wgmma.py:416 / the 64-element tiling of N: M, N, K with N 200.
    ("wgmma_mma.fh10_enum_tile_n_200", C(r"^(M, N, K = 64, )(128)(, 64)"), _to("200")),
    # wgmma.py:69: M, N, K with M 32.
    ("wgmma_mma.fh10_enum_tile_m_32", C(r"^(M, N, K = )(64)(, 128, 64)"), _to("32")),
    # (expected clean?) the manual-arrive test's swizzle 64 (its transforms follow).
    ("wgmma_mma.fh10_mma_swizzle_64", C(r"^(swizzle, dtype = )(128)(, jnp\.float16)"), _to("64")),
    # primitives.py:2735 "Accumulator and RHS have incompatible shapes": the accumulator slice 64 wide.
    ("wgmma_mma.fh10_sliced_acc_width_64", C(r"(acc_tmem\.at\[slice\(None\), pl\.dslice\(0, )(128)(\)\])"), _to("64")),

    # ------------------------------------------------------------ barrier
    # (expected clean: arrival counts are runtime) two TMA copies on a barrier of one arrival (generic).
    ("barrier.fh10_two_copies_one_arrival", C(r"(plgpu\.Barrier\()(num_arrivals=2)(\)\])"), _to("")),
    # core.py:1721 "Num arrivals must be at least 1": the groupby arrivals minus two.
    ("barrier.fh10_groupby_arrivals_zero", C(r"(ARRIVALS = \{key: len\(names\))()( for key)"), _to(" - 2")),
    # (expected clean) the third input regrouped with the first (three arrivals and one).
    ("barrier.fh10_groupby_regrouped", C(r"(\(\"c\", \")(second)(\"\))"), _to("first")),
    # core.py:1721: the Counter read with a misspelt key (a Counter answers 0).
    ("barrier.fh10_counter_missing_key", C(r"(num_arrivals=ROLES\[\")(worker)(\"\])"), _to("workers")),
    # core.py:1721: make_dataclass's arrivals default 0.
    ("barrier.fh10_make_dataclass_arrivals_zero", C(r"(\(\"arrivals\", int, )(2)(\))"), _to("0")),
    # core.py:1746 ClusterBarrier "Num arrivals must be at least 1".
    ("barrier.fh10_cluster_barrier_arrivals_zero", C(r"(plgpu\.ClusterBarrier\(collective_axes=\(CFG\[\"axis\"\],\))()(\))"),
     _to(", num_arrivals=0")),
    # core.py:1721: the cycle base's arrivals SLOTS // BLOCKS (0).
    ("barrier.fh10_cycle_arrivals_inverted", C(r"(num_arrivals=)(BLOCKS // SLOTS)(,)"), _to("SLOTS // BLOCKS")),
    # (expected clean) the cycle dealt over three barriers of one arrival.
    ("barrier.fh10_cycle_slots_three", C(r"^(SLOTS = )(2)()(?=\s*$)"), _to("3")),
    # (a barrier index past the array: the barrier ref's static indexing) cycle over one slot more.
    ("barrier.fh10_cycle_slot_past_array", C(r"(itertools\.cycle\(range\()(SLOTS)(\)\))"), _to("SLOTS + 1")),
    # primitives.py:2874 / 3422 "MMA barrier must have orders_tensor_core set to True" (generic, the JAX bases).
    ("barrier.fh10_mma_barrier_unordered", C(r"(plgpu\.Barrier\((?:num_barriers=\w+, )?)(orders_tensor_core=True)(\))"), _to("")),
    # the barrier ref's static index past its two slots.
    ("barrier.fh10_barrier_index_past_array", C(r"^(barrier_index, num_barriers = \()(0)(,\), 2)"), _to("2")),
    # primitives.py:643 "Expected a single barrier": a two-dimensional index into a 1-D barrier array.
    ("barrier.fh10_barrier_index_two_dims", C(r"^(barrier_index, num_barriers = )(\(0,\))(, 2)"), _to("(0, 0)")),

    # ------------------------------------------------------------ pipeline
    # pipeline.py:316 "max_concurrent_steps must be greater than all delay_release values": the deque's entry that the
    # rotation brings to the front 0.
    ("pipeline.fh10_deque_front_zero", C(r"(collections\.deque\(\[1, 2, )(3)(, 4\]\))"), _to("0")),
    # (expected clean) the deque not rotated: depth 1.
    ("pipeline.fh10_deque_not_rotated", C(r"(DEPTHS\.rotate\()(-2)(\))"), _to("0")),
    # pipeline.py:299 "All elements in the grid must be strictly positive" (generic): STEPS 0.
    ("pipeline.fh10_steps_zero", C(r"^(STEPS = )(\d+)()(?=\s*$)"), _to("0")),
    # pipeline.py:316: the TypedDict's depth 0.
    ("pipeline.fh10_typeddict_depth_zero", C(r"(\"depth\": )(2)(, \"scale\")"), _to("0")),
    # pipeline.py:299: the TypedDict's steps 0.
    ("pipeline.fh10_typeddict_steps_zero", C(r"(\"steps\": )(4)(, \"depth\")"), _to("0")),
    # pipeline.py:316 / 781: the candidate the tuple key sorts first given depth 0.
    ("pipeline.fh10_sorted_candidate_depth_zero", C(r"(\{\"block\": \(128, 64\), \"depth\": )(3)(, \"score\": 1\})"), _to("0")),
    # (expected clean) the tuple key's depth negated: the deepest candidate.
    ("pipeline.fh10_sorted_key_depth_negated", C(r"(key=lambda c: \(c\[\"score\"\], )(c\[\"depth\"\])(\))"), _to("-c[\"depth\"]")),
    # pipeline.py:791 "Memory thread must be the last thread" / 985 (generic): two compute warpgroups in a 2-thread kernel.
    ("pipeline.fh10_ws_two_compute_wgs", C(r"(num_compute_wgs=)(1)(,)"), _to("2")),
    # pipeline.py:299: the 2-D pl.BlockSpec grid's second dimension 0.
    ("pipeline.fh10_globals_grid_zero", C(r"^(GRID = \(2, )(2)(\))"), _to("0")),

    # ------------------------------------------------------------ blockspec_grid_aliases
    # jax/_src/pallas/core.py:680 "Index map function ... must return N values" (generic): a row index map returns one.
    ("blockspec_grid_aliases.fh10_index_map_drops_col", C(r"(lambda i: )(\(i, 0\))()"), _to("(i,)")),
    ("blockspec_grid_aliases.fh10_index_map_drops_row", C(r"(lambda j: )(\(0, j\))()"), _to("(j,)")),
    # core.py:626 "Block shape for {origin} must have the same number of dimensions as the array": zip_longest's fill
    # block 3-D.
    ("blockspec_grid_aliases.fh10_zip_longest_fill_3d", C(r"^(DEFAULT_BLOCK = )(\(64, 64\))()"), _to("(1, 64, 64)")),
    # core.py:626: the one given block 1-D.
    ("blockspec_grid_aliases.fh10_zip_longest_given_1d", C(r"^(BLOCKS = \[)(\(64, 64\))(\])"), _to("(64,)")),
    # (a broadcast of (64, 64) with (64, 32) tracing the body) the fill value narrower than the given block.
    ("blockspec_grid_aliases.fh10_zip_longest_fill_narrow", C(r"(fillvalue=)(DEFAULT_BLOCK)(\))"), _to("(64, 32)")),
    # core.py:626: the TypedDict block 3-D.
    ("blockspec_grid_aliases.fh10_typeddict_block_3d", C(r"(\"block\": )(\(128, 64\))(, \"steps\")"), _to("(128, 64, 1)")),
    # core.py:626: the globals() block 3-D.
    ("blockspec_grid_aliases.fh10_globals_block_3d", C(r"^(BLOCK_WIDE = )(\(64, 128\))()"), _to("(1, 64, 128)")),
    # core.py:680: the 2-D index map returns one value.
    ("blockspec_grid_aliases.fh10_index_map_2d_one_value", C(r"(lambda i, j: )(\(i, j\))()"), _to("(i,)")),
    # the index map's arity (a TypeError tracing it with two grid indices).
    ("blockspec_grid_aliases.fh10_index_map_one_arg", C(r"(pl\.BlockSpec\(BLOCK, )(lambda i, j: \(i, j\))(\))"),
     _to("lambda i: (i, 0)")),
    # (expected clean: every window in bounds) the literal_eval size off the block multiple.
    ("blockspec_grid_aliases.fh10_literal_size_4000", C(r"(\('size', )(4096)(\))"), _to("4000")),

    # ------------------------------------------------------------ kernel_mesh_config
    # the kernel's arity (a TypeError tracing the body): groupby keyed by the name gives four barriers.
    ("kernel_mesh_config.fh10_groupby_key_by_name", C(r"(groupby\(INPUTS, key=lambda t: t\[)(1)(\]\))"), _to("0")),
    # mosaic_gpu/core.py:1874 "Requested too many CUDA threads per block": the Counter's workers 8 (9 threads).
    ("kernel_mesh_config.fh10_counter_workers_eight", C(r"(\"worker\": )(2)(\})"), _to("8")),
    # (expected clean: arrival counts are runtime) one thread fewer than the roles.
    ("kernel_mesh_config.fh10_counter_threads_minus_one", C(r"^(THREADS = sum\(ROLES\.values\(\)\))()()(?=\s*$)"), _to(" - 1")),
    # primitives.py:80 / 88 (a Barrier where an SMEM ref is expected): move_to_end(last=False) puts the barrier first.
    ("kernel_mesh_config.fh10_move_to_end_front", C(r"(SCRATCH\.move_to_end\(\"bar\")()(\))"), _to(", last=False")),
    ("kernel_mesh_config.fh10_move_to_end_stage", C(r"(SCRATCH\.move_to_end\(\")(bar)(\"\))"), _to("stage")),
    # primitives.py:3544 "n must be a positive multiple of 8": the IntEnum property's producer registers 44.
    ("kernel_mesh_config.fh10_role_registers_unaligned", C(r"(\{Role\.PRODUCER: )(40)(,)"), _to("44")),
    # lowering.py:3395 "Axis ... does not refer to a GPU mesh axis" (generic): the launch's thread_name pluralised.
    ("kernel_mesh_config.fh10_thread_name_plural", C(r"(thread_name=\")(role|wg|thread)(\")"), lambda m: f"{m.group(1)}{m.group(2)}s\""),
    # primitives.py:3546 "action must be 'increase' or 'decrease'" (generic).
    ("kernel_mesh_config.fh10_register_action_raise", C(r"(action=\")(increase)(\")"), _to("raise")),
    # primitives.py:3544: the generator base's consumer registers 236.
    ("kernel_mesh_config.fh10_registers_tuple_unaligned", C(r"^(REGISTERS = \(40, )(232)(\))"), _to("236")),
    # the kernel's arity: the generator delegates to one barrier.
    ("kernel_mesh_config.fh10_yield_from_one_barrier", C(r"(yield from barriers\()(2)(\))"), _to("1")),
    # primitives.py:3544 (through emit_pipeline_warp_specialized) (generic): memory_registers 42.
    ("kernel_mesh_config.fh10_memory_registers_42", C(r"(memory_registers=)(40)(,)"), _to("42")),
    # core.py:1860 "grid_names must have the same length as grid" (generic): a second grid name for a 1-D grid.
    ("kernel_mesh_config.fh10_grid_names_extra", C(r"(grid_names=\(\"\w+\",)()(\))"), _to(" \"j\"")),
    # core.py:1860 (generic): a 2-D grid given one name.
    ("kernel_mesh_config.fh10_grid_names_one_of_two", C(r"(grid_names=\(\"\w+\",)( \"\w+\")(\))"), _to("")),
    # core.py:1864 "cluster_names must have the same length as cluster" (generic): a second cluster dimension.
    ("kernel_mesh_config.fh10_cluster_second_dim", C(r"(cluster=\((?:CFG\.size|CFG\[\"size\"\]),)()(\))"), _to(" 1")),
    # core.py:1874: make_dataclass's threads default 9.
    ("kernel_mesh_config.fh10_make_dataclass_threads_nine", C(r"(\(\"threads\", int, )(2)(\))"), _to("9")),
    # core.py:1868 "num_threads and thread_name must be either both set or both None": the thread name None.
    ("kernel_mesh_config.fh10_make_dataclass_name_none", C(r"(\(\"name\", str, )(\"t\")(\))"), _to("None")),
    # (a KeyError building the launch) the cluster axis left unannotated, so get_type_hints skips it.
    ("kernel_mesh_config.fh10_hints_axis_unannotated", C(r"^(\s+axis)(: str)( = \"cl\")"), _to("")),

    # ------------------------------------------------------------ cluster_collective
    # launch_context.py:1250 "None of the leading dimensions ... is divisible by the collective size": the type()
    # factory's cluster size 3.
    ("cluster_collective.fh10_factory_size_three", C(r"(rows=64, cols=64, size=)(2)(,)"), _to("3")),
    # lowering.py:3323 "Unknown cluster axis": the multicast copy's collective axis named after the grid.
    ("cluster_collective.fh10_multicast_axis_grid_name", C(r"(copy_gmem_to_smem\(x_gmem, smem, bar, collective_axes=)(CFG\.axis)(\))"),
     _to("\"blk\"")),
    # lowering.py:3323: the ClusterBarrier's axis named after the grid.
    ("cluster_collective.fh10_cluster_barrier_grid_axis", C(r"(plgpu\.ClusterBarrier\(collective_axes=\()(CFG\[\"axis\"\])(,\)\))"),
     _to("\"g\"")),
    # (a cluster of 3 over 42-row parts) the annotated cluster size 3.
    ("cluster_collective.fh10_hints_cluster_size_3", C(r"^(\s+size: int = )(2)()(?=\s*$)"), _to("3")),

    # ------------------------------------------------------------ register_layouts
    # (row bands of 96 / 128 rows: WGMMA-layout tiles of 64 rows) the pairwise bounds with a 96 boundary.
    ("register_layouts.fh10_pairwise_bound_96", C(r"^(BOUNDS = \[0, )(64)(, 192, 256\])"), _to("96")),
    # (a negative band: pl.ds size) the boundary list unsorted.
    ("register_layouts.fh10_pairwise_unsorted", C(r"^(BOUNDS = \[0, )(64, 192)(, 256\])"), _to("192, 64")),
    # mosaic/gpu/utils.py:441 "Only 32-, 64- and 128-bit loads are supported": the matched spec's vec 8.
    ("register_layouts.fh10_match_vec_8", C(r"^(SPEC = Strided\(vec=)(2)(\))"), _to("8")),
    # (expected clean) the spec an Mma() instance: a WGMMA-layout load.
    ("register_layouts.fh10_match_spec_mma", C(r"^(SPEC = )(Strided\(vec=2\))()"), _to("Mma()")),
    # (the layout of a 1000-element block: 128 threads x vec) the literal_eval block 1000.
    ("register_layouts.fh10_literal_block_1000", C(r"(\('block', )(1024)(\))"), _to("1000")),
    # utils.py:441: the dedented table's vec 8.
    ("register_layouts.fh10_table_vec_8", C(r"^(\s+vec: )(2)()(?=\s*$)"), _to("8")),
    # WG_STRIDED shape (rows x cols must split over 128 threads x vec): the table's rows 129.
    ("register_layouts.fh10_table_rows_129", C(r"^(\s+rows: )(128)()(?=\s*$)"), _to("129")),
    # utils.py:441: BITS 16 admits vec 8 for float32.
    ("register_layouts.fh10_bits_halved", C(r"^(BITS = )(32)()(?=\s*$)"), _to("16")),
    # utils.py:441: any() for all() admits vec 8.
    ("register_layouts.fh10_all_as_any", C(r"(next\(v for v in WIDTHS if )(all)(\(\()"), _to("any")),
    # (a TMEM load in a WGMMA layout) the test's layout WGMMA.
    ("register_layouts.fh10_tmem_load_layout_wgmma", C(r"^(layout = plgpu\.Layout\.)(TCGEN05)()(?=\s*$)"), _to("WGMMA")),
    # (a 100-element vector under Lane: 128-thread layouts) the griddepcontrol input 100 long.
    ("register_layouts.fh10_griddep_len_100", C(r"(x = jnp\.arange\()(128)(\))"), _to("100")),
    # utils.py:441 (generic): the load-reduce's WG_STRIDED vec 8 over int32.
    ("register_layouts.fh10_reduce_layout_vec_8", C(r"(WG_STRIDED\(\(ROWS, COLS\), vec_size=)(2)(\))"), _to("8")),

    # ------------------------------------------------------------ ops_dtypes
    # (fp8 arithmetic in a swizzled tile: lowering.py:2640 / 2762) the TileDict's dtype float8_e4m3fn.
    ("ops_dtypes.fh10_missing_dict_dtype_fp8", C(r"(swizzle=128, dtype=jnp\.)(float16)(\))"), _to("float8_e4m3fn")),
    # (fp8 multiply) the IntFlag base's DTYPE float8_e5m2.
    ("ops_dtypes.fh10_module_dtype_fp8", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float8_e5m2")),
    # lowering.py:1127 "Unimplemented primitive in Pallas Mosaic GPU lowering": expm1 for exp2 - 1.
    ("ops_dtypes.fh10_exp2_as_expm1", C(r"(o_ref\[win\] = )(jnp\.exp2\(x_ref\[win\]\) - 1\.0)()"), _to("jnp.expm1(x_ref[win])")),
    # lowering.py:1127: erf for exp2.
    ("ops_dtypes.fh10_exp2_as_erf", C(r"(o_ref\[win\] = )(jnp\.exp2)(\(x_ref\[win\]\))"), _to("lax.erf")),
    # lowering.py:1127: tan for sin.
    ("ops_dtypes.fh10_sin_as_tan", C(r"(jnp\.)(sin)(\(load_as)"), _to("tan")),
    # utils.py:441 / the stored dtype: the dedented table's dtype int8.
    ("ops_dtypes.fh10_table_dtype_int8", C(r"^(\s+dtype: )(float32)()(?=\s*$)"), _to("int8")),
    # lowering.py:1127 (generic): arctanh for tanh.
    ("ops_dtypes.fh10_tanh_as_arctanh", C(r"(jnp\.)(tanh)(\(x_ref\[win\]\))"), _to("arctanh")),
    # lowering.py:1127: a cumulative sum between the griddepcontrol calls.
    ("ops_dtypes.fh10_griddep_cumsum", C(r"(o_ref\[\.\.\.\] = )(x_ref\[\.\.\.\] \+ 1\.0)()"), _to("jnp.cumsum(x_ref[...])")),
    # lowering.py:1127: a product reduction for the column sum.
    ("ops_dtypes.fh10_column_prod", C(r"(y_ref\[\.\.\.\] = jnp\.)(sum)(\(x_val, axis=0\))"), _to("prod")),
    # lowering.py:3040 "Unsupported dtype for sign" / the softsign branch written with sign.
    ("ops_dtypes.fh10_softsign_by_sign", C(r"(v / \(1\.0 \+ )(jnp\.abs\(v\))(\))"), _to("jnp.sign(v) * v")),
    # primitives.py:5733 / the multimem tile's dtype: the module object's default dtype int8.
    ("ops_dtypes.fh10_module_object_dtype_int8", C(r"(getattr\(settings, \"DTYPE\", jnp\.)(float32)(\))"), _to("int8")),

    # ------------------------------------------------------------ control_flow
    # lowering.py:3815 "``unroll`` must divide ``length``": the shlex line's unroll 3 for 4 trips.
    ("control_flow.fh10_shlex_unroll_3", C(r"(--unroll=)(2)( )"), _to("3")),
    # (expected clean) the shlex line's dtype bfloat16 (a weakly typed carry stays bf16).
    ("control_flow.fh10_shlex_dtype_bf16", C(r"(--dtype=')(float32)(')"), _to("bfloat16")),
    # loops.py fori_loop (body_fun output and input must have identical types): the carry cast to float16.
    ("control_flow.fh10_fori_carry_half", C(r"^(\s+return )(acc \* 0\.5 \+ 1\.0)()(?=\s*$)"), _to("(acc * 0.5 + 1.0).astype(jnp.float16)")),
    # conditionals.py switch (branch outputs must have identical types): the relu branch bfloat16.
    ("control_flow.fh10_switch_branch_bf16", C(r"(\"relu\": lambda v: )(jnp\.maximum\(v, 0\.0\))(,)"),
     _to("jnp.maximum(v, 0.0).astype(jnp.bfloat16)")),
    # (expected clean) the comparison returns a bool (cmp_to_key still orders by it).
    ("control_flow.fh10_cmp_returns_bool", C(r"(return COSTS\[a\] )(-)( COSTS\[b\])"), _to(">")),
    # conditionals.py switch (index must be an integer scalar): the selector scaled to a float.
    ("control_flow.fh10_switch_index_float", C(r"(lax\.switch\()(sel_ref\[0\])(, BRANCHES)"), _to("sel_ref[0] * 1.0")),

    # ------------------------------------------------------------ compiler_params
    # (expected clean?) Enum._missing_ parses " lane " instead of " Warpgroup ".
    ("compiler_params.fh10_missing_hook_lane", C(r"(SEMANTICS = Semantics\(\")( Warpgroup )(\"\))"), _to(" lane ")),
    # jax/_src/pallas/core.py:186 "Compiler params for platform {platform} cannot be used for {expected} lowering": the
    # table's platform key triton.
    ("compiler_params.fh10_platform_triton", C(r"^(PLATFORM = \")(mosaic_gpu)(\")"), _to("triton")),
    # (the Warpgroup lowering of a kernel written for Lane) (generic).
    ("compiler_params.fh10_lane_to_warpgroup", C(r"(lowering_semantics=plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # (too little scratch for the cross-warp reduction: the test's own failing case) reduction_scratch_bytes 0.
    ("compiler_params.fh10_reduction_scratch_zero", C(r"(static_argnums=1\)\(x, )(1024)(\))"), _to("0")),

    # ------------------------------------------------------------ collectives
    # (expected clean) the module object's AXIS misspelt: the getattr default "x" names the mesh too.
    ("collectives.fh10_module_axis_default", C(r"^(settings\.)(AXIS)( = \"dev\")"), _to("AXES")),
    # primitives.py:5749 "Only collective_axes that include all JAX device mesh axes": the axis passed as a bare
    # string (its letters).
    ("collectives.fh10_multimem_store_axis_string", C(r"(plgpu\.multimem_store\(tile, y_ref, )(\(AXIS,\))(\))"), _to("AXIS")),
    # primitives.py:5735 / the WGMMA layout of 100 rows: the module object's default SHAPE.
    ("collectives.fh10_module_shape_rows_100", C(r"(getattr\(settings, \"SHAPE\", \()(128)(, 64\)\))"), _to("100")),
    # mosaic/gpu/utils.py:480 "Only add is supported for f32": the TOML reduction max.
    ("collectives.fh10_toml_reduction_max", C(r"^(reduction = \")(add)(\")"), _to("max")),
    # utils.py:441: the TOML vec 8.
    ("collectives.fh10_toml_vec_8", C(r"^(vec = )(4)()(?=\s*$)"), _to("8")),
    # (WG_STRIDED of 64 x 100 over 128 threads x 4) the TOML shape's cols 100.
    ("collectives.fh10_toml_cols_100", C(r"^(shape = \[64, )(128)(\])"), _to("100")),
    # primitives.py:5810: the __contains__ filter misses the "col" axis.
    ("collectives.fh10_axes_filter_misses_col", C(r"(for name in \(\"row\", \")(col)(\"\) if name in MESH)"), _to("cols")),
    # primitives.py:5893 "Unsupported integer reduction op": the load-reduce op "mul".
    ("collectives.fh10_reduce_op_mul", C(r"(reduction_op=\")(max)(\")"), _to("mul")),
    # primitives.py:6010 "collective_axes ... must equal entire mesh axes": the multicast over the first axis only.
    ("collectives.fh10_signal_first_axis_only", C(r"(semaphore_signal_multicast\(sem, collective_axes=)(COLLECTIVE)(\))"),
     _to("COLLECTIVE[:1]")),
    # primitives.py:6010: setdefault gives the replica axis size 2 (absent from the mesh).
    ("collectives.fh10_setdefault_replica_two", C(r"(SIZES\.setdefault\(\"replica\", )(1)(\))"), _to("2")),
    # primitives.py:6010: an empty axis tuple.
    ("collectives.fh10_signal_axes_empty", C(r"(semaphore_signal_multicast\(sem, collective_axes=)(AXES)(\))"), _to("()")),

    # ------------------------------------------------------------ tmem
    # mosaic/gpu/tcgen05.py:940 "ncols must be a power of 2 and within [32, 512]": the struct header's cols 96.
    ("tmem.fh10_struct_header_cols_96", C(r"(struct\.pack\(\"<HHH\", 128, )(128)(, 128\))"), _to("96")),
    # (TMEM lanes: 128 rows for the TCGEN05 layout) the struct header's rows 64.
    ("tmem.fh10_struct_header_rows_64", C(r"(struct\.pack\(\"<HHH\", )(128)(, 128, 128\))"), _to("64")),
    # tcgen05.py:940: the suppress fallback's default 48 columns.
    ("tmem.fh10_suppress_default_48", C(r"^(OVERRIDES = \{\"default\": )(128)(\})"), _to("48")),
    # tcgen05.py:940: the override 16 columns (the default key gone).
    ("tmem.fh10_suppress_override_16", C(r"^(OVERRIDES = \{)(\"default\": 128)(\})"), _to("\"tmem_cols\": 16")),
    # (TMEM lanes) the module ROWS 64 (generic).
    ("tmem.fh10_rows_64", C(r"^(ROWS = )(128)()(?=\s*$)"), _to("64")),
    # primitives.py:4563 / the store's shape: the test's TMEM allocation 64 columns.
    ("tmem.fh10_load_layout_alloc_64", C(r"^(\s+plgpu\.TMEM\(\(128, )(128)(\), jnp\.float32\),)$"), _to("64")),
    # mosaic_gpu/core.py:202 "dtypes narrower than 32-bit require either the packed argument or an explicit TMEM
    # layout": the accumulator float16.
    ("tmem.fh10_acc_half_no_packing", C(r"(plgpu\.TMEM\(\(128, 128\), jnp\.)(float32)(\), {2}$)"), _to("float16")),
    ("tmem.fh10_ws_tmem_half", C(r"(plgpu\.TMEM\(\(128, 64\), )(dtype)(\))"), _to("jnp.float16")),
    # (expected clean? TMEM slices are not bounds-checked) the accumulator slice at column 192 of 256.
    ("tmem.fh10_sliced_acc_past_alloc", C(r"(acc_tmem\.at\[slice\(None\), pl\.dslice\()(0)(, 128\)\])"), _to("192")),
    # tcgen05.py:940: the TMEM shape 3 x 128 columns.
    ("tmem.fh10_tmem_shape_three_blocks", C(r"^(tmem_shape = \(128, )(2)( \* 128\))"), _to("3")),
    # primitives.py:4910 "Expected SMEM reference shape ... to equal the TMEM reference shape": the copy's TMEM slice 48.
    ("tmem.fh10_copy_slice_48", C(r"(async_copy_smem_to_tmem\(smem, tmem\.at\[:, pl\.ds\(c0, )(32)(\)\]\))"), _to("48")),
)


def famheld10_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
