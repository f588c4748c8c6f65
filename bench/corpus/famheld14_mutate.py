"""One-edit mutations for the fourteenth held-out families corpus `famheld14` (issue 27), written blind from JAX's own
checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py and
jax/_src/pallas/core.py of JAX 0.12.0.1, cited at operators as file:line from /work/shared/jax-raise-sites/sites.tsv
where one site is meant, or by their message) and from the Python the bases use (the exceptions numpy's
searchsorted / unravel_index / broadcast_shapes / digitize / frombuffer / interp / percentile / gcd raise, a
structured record's construction, jax.eval_shape and jax.tree_util's unflattening, a Mesh's shape mapping, match
statements that fall through, descriptors, iter(callable, sentinel), math.isclose, str.encode, collections.Counter
arithmetic). Nothing else: the checker was not read, and the earlier sets' operators only for their names (every
name here carries the prefix `fh14_`).

The bases (build_famheld14.py) keep what the kernel depends on in Python that no earlier famheld set used: host numpy
(searchsorted, argmin + unravel_index, broadcast_shapes, geomspace + flatnonzero, unique(return_counts), digitize,
frombuffer, a structured dtype record, interp, percentile, cumsum / diff / concatenate, binary_repr, gcd / lcm,
array_split, ndindex), host JAX (jax.eval_shape, jnp.promote_types, jax.tree_util.register_pytree_node_class /
tree_map / tree_flatten, a Mesh's .shape mapping) and plain Python (match sequence patterns with a guard, a
descriptor's __delete__, iter(callable, sentinel), math.sqrt / math.isclose, str.encode('utf-16-le') / bytes.hex,
collections.Counter intersection). So many operators edit the value where the program keeps it (a candidate list,
a budget, a cost-table cell, an operand shape, a geomspace bound, a reference function, a dtype pair, a pytree
method or scale, a mesh entry, a role list, a bucket edge or table row, header bytes, a record field, a measured
register table, a percentile method, a segment length, a spec list, a descriptor default, a token list, an area or
tolerance, a codec or alignment byte, a Counter entry, a vector-width rule, a split count, a tile grid, a mask bit),
some so that numpy or the user's own code raises before any kernel (a TypeError, KeyError, IndexError, ValueError
or AttributeError in the configuration code), others so that the value flows into a JAX check; the rest edit the
kernel or its launch (index maps, block / grid shapes, axis, thread and cluster names, collective axes, reduction
ops, layouts and layout_casts, transforms, barriers, dtypes, compiler params, the adapted tests' literals). A few
generic ones fit many bases and are capped by --max-per-op.
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
    # ============================================================ searchsorted_leaky_pipeline (np.searchsorted)
    # ? a budget under every candidate: index -1 wraps to the largest block (256 rows: four 128 KiB buffers).
    ("pipeline.fh14_searchsorted_budget_8", C(r"^(ROW_BUDGET = )(100)()(?=\s*$)"), _to("8")),
    # (expected clean) a budget of 48 rows: 32-row blocks.
    ("blockspec_grid.fh14_searchsorted_budget_48", C(r"^(ROW_BUDGET = )(100)()(?=\s*$)"), _to("48")),
    # (numpy's ValueError for an unknown side, before any launch).
    ("control_flow.fh14_searchsorted_side_typo", C(r"(side=')(right)(')"), _to("middle")),
    # launch_context (TMA needs 16 bytes along the minor dimension) two f32 columns per block.
    ("copy_tma.fh14_searchsorted_cols_2", C(r"^(BLOCK_COLS = )(128)()(?=\s*$)"), _to("2")),
    # pallas/core.py:680 (index map result rank) a 1-tuple for a 2-D block.
    ("blockspec_grid.fh14_index_rank_2d", C(r"(lambda i, j: )(\(i, j\))(\))"), _to("(i,)")),
    # pipeline.py (max_concurrent_steps must be positive) depth 0.
    ("pipeline.fh14_searchsorted_depth_0", C(r"^(DEPTH = )(2)()(?=\s*$)"), _to("0")),
    # ? the block rows left a numpy int64 (int() dropped).
    ("blockspec_grid.fh14_searchsorted_numpy_int", C(r"^(BLOCK_ROWS = )(int)(\(CANDIDATE_ROWS)"), _to("")),
    # (a row of the block stored into the whole block) one row of the result.
    ("ref_store.fh14_searchsorted_store_row", C(r"(o_smem\[\.\.\.\] = )(jnp\.maximum\(x, x \* SLOPE\))()"),
     _to("jnp.maximum(x, x * SLOPE)[0]")),

    # ============================================================ argmin_unravel_wgmma (np.argmin / unravel_index)
    # (expected clean) the cheapest cell moved to (0, 0): 64x64 tiles.
    ("wgmma_mma.fh14_argmin_cheap_corner", C(r"^(\s+\[)(9\.0)(, 7\.5, 8\.0\],)"), _to("1.0")),
    # (WGMMA M must be a multiple of 64) a 32-row option where the cheapest row is.
    ("wgmma_mma.fh14_argmin_m_32", C(r"^(M_OPTIONS = \(64, )(128)(, 256\))"), _to("32")),
    # (a ValueError unpacking a 1-tuple, before any launch) unravel_index over the size, not the shape.
    ("control_flow.fh14_argmin_unravel_size", C(r"(np\.unravel_index\(np\.argmin\(COST\), COST\.)(shape)(\))"), _to("size")),
    # ? argmax: 256x256 tiles (the output tile and pipeline buffers past SMEM).
    ("pipeline.fh14_argmin_argmax", C(r"(np\.unravel_index\(np\.)(argmin)(\(COST\))"), _to("argmax")),
    # ? a 64-byte swizzle over 64-element K blocks.
    ("swizzle_tiling.fh14_swizzle_128_to_64", C(r"^(SWIZZLE = )(128)()(?=\s*$)"), _to("64")),
    # primitives.py:235 "Expected shapes to match": the tile stored to the whole output.
    ("copy_tma.fh14_argmin_store_whole",
     C(r"(plgpu\.copy_smem_to_gmem\(o_smem, )(o_gmem\.at\[pl\.ds\(mi \* TILE_M, TILE_M\), pl\.ds\(ni \* TILE_N, TILE_N\)\])(\))"),
     _to("o_gmem")),
    # lowering.py:3395 (an unbound axis name) axis_index('col').
    ("axis_unknown.fh14_argmin_axis_typo", C(r"(ni = lax\.axis_index\(')(n)('\))"), _to("col")),
    # ? the A index map transposed (K blocks along M).
    ("blockspec_grid.fh14_argmin_index_swap", C(r"(\(TILE_M, TILE_K\), lambda k: )(\(mi, k\))(,)"), _to("(k, mi)")),
    # ? an f16 accumulator stored as f16.
    ("wgmma_mma.fh14_argmin_acc_f16", C(r"(plgpu\.ACC\(\(TILE_M, TILE_N\), jnp\.)(float32)(\))"), _to("float16")),

    # ============================================================ broadcast_shapes_mul (np.broadcast_shapes)
    # primitives.py:896 (source shape of a TMA load) a (1, 64) operand that only broadcasts on the host.
    ("copy_tma.fh14_bcast_y_rows_1", C(r"^(Y_SHAPE = \()(128)(, 64\))"), _to("1")),
    # (np.broadcast_shapes ValueError before any launch) 32 columns against 64.
    ("control_flow.fh14_bcast_y_cols_32", C(r"^(Y_SHAPE = \(128, )(64)(\))"), _to("32")),
    # (expected clean) one arrival for two loads.
    ("barrier.fh14_bcast_loads_1", C(r"^(LOADS = )(2)()(?=\s*$)"), _to("1")),
    # core.py:1721 "Num arrivals must be at least 1".
    ("barrier.fh14_bcast_loads_0", C(r"^(LOADS = )(2)()(?=\s*$)"), _to("0")),
    # primitives.py:862 "Expected dtypes to match": the second buffer f16.
    ("copy_tma.fh14_bcast_y_smem_f16", C(r"(plgpu\.SMEM\(SHAPE, DTYPE\), plgpu\.SMEM\(SHAPE, )(DTYPE)(\))"), _to("jnp.float16")),
    # ? the broadcast shape indexed to its first entry (an int shape).
    ("control_flow.fh14_bcast_shape_int", C(r"^(SHAPE = np\.broadcast_shapes\(X_SHAPE, Y_SHAPE\))()()(?=\s*$)"),
     lambda m: f"{m.group(1)}[0]"),

    # ============================================================ geomspace_swizzle_abt (np.geomspace / flatnonzero)
    # ? candidates up to 256: only 32 divides 128 bytes (a 32-byte swizzle).
    ("swizzle_tiling.fh14_geomspace_stop_256", C(r"(np\.geomspace\(32, )(128)(, num=3\))"), _to("256")),
    # ? the smallest dividing candidate (32).
    ("swizzle_tiling.fh14_geomspace_first", C(r"(ROW_BYTES % SWIZZLES == 0\)\[)(-1)(\]\]\))"), _to("0")),
    # (an IndexError before any launch) K 40: no candidate divides 80 bytes.
    ("control_flow.fh14_geomspace_k_40", C(r"^(M, N, K = 64, 128, )(64)()"), _to("40")),
    # (WGMMA M must be a multiple of 64) M 32.
    ("wgmma_mma.fh14_geomspace_m_32", C(r"^(M, N, K = )(64)(, 128, 64)"), _to("32")),
    # primitives.py:2108 "Incompatible shapes for matrix multiplication": B without its transpose.
    ("wgmma_mma.fh14_geomspace_no_transpose", C(r"(plgpu\.wgmma\(acc, a_smem, )(plgpu\.transpose_ref\(b_smem, \(1, 0\)\))(\))"),
     _to("b_smem")),
    # primitives.py:862 "Expected dtypes to match": B's buffer f32.
    ("copy_tma.fh14_geomspace_b_f32", C(r"(plgpu\.SMEM\(\(N, K\), )(DTYPE)(, transforms=TRANSFORMS\))"), _to("jnp.float32")),
    # ? both loads on barrier 0 (barrier 1 waited on, never armed; expected clean).
    ("barrier.fh14_b_load_on_barrier_0", C(r"(plgpu\.copy_gmem_to_smem\(b_gmem, b_smem, bars\.at\[)(1)(\]\))"), _to("0")),

    # ============================================================ eval_shape_downcast (jax.eval_shape)
    # (an f32 output buffer written with bf16) the reference without its cast.
    ("ref_store.fh14_evalshape_ref_no_cast", C(r"(return x\[:, :KEEP\])(\.astype\(OUT_DTYPE\))()"), _to("")),
    # (a (128, 64) value stored into a (128, 128) buffer) the reference keeps every column.
    ("ref_store.fh14_evalshape_ref_full", C(r"(return )(x\[:, :KEEP\])(\.astype)"), _to("x")),
    # launch_context (TMA needs 16 bytes along the minor dimension) two kept columns.
    ("copy_tma.fh14_evalshape_keep_2", C(r"^(KEEP = )(64)()(?=\s*$)"), _to("2")),
    # primitives.py:896 (TMA source shape) the whole input copied into the kept-columns buffer.
    ("copy_tma.fh14_evalshape_no_slice", C(r"(plgpu\.copy_gmem_to_smem\()(x_gmem\.at\[:, pl\.ds\(0, KEEP\)\])(, x_smem, bar\))"),
     _to("x_gmem")),
    # (an AttributeError before any launch) .shapes.
    ("control_flow.fh14_evalshape_attr_typo", C(r"(plgpu\.SMEM\(OUT\.)(shape)(, OUT\.dtype\))"), _to("shapes")),
    # (a TypeError from eval_shape's call of the reference, before any launch) an extra argument.
    ("control_flow.fh14_evalshape_extra_arg", C(r"(jax\.eval_shape\(reference, X)()(\))"), lambda m: f"{m.group(1)}, X{m.group(3)}"),
    # (an f32 value stored into a bf16 buffer) the cast in the kernel dropped.
    ("ref_store.fh14_evalshape_kernel_no_cast", C(r"(o_smem\[\.\.\.\] = x_smem\[\.\.\.\])(\.astype\(OUT_DTYPE\))()"), _to("")),

    # ============================================================ promote_types_add (jnp.promote_types)
    # (expected clean) both inputs bf16.
    ("ops_dtypes.fh14_promote_y_bf16", C(r"^(Y_DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("bfloat16")),
    # ? float64 with x64 off (an f64 output type, f32 arrays).
    ("ops_dtypes.fh14_promote_y_f64", C(r"^(Y_DTYPE = jnp\.)(float32)()(?=\s*$)"), _to("float64")),
    # (a vector width 3) VEC 3.
    ("vector_width.fh14_vec_4_to_3", C(r"^(VEC = )(4)()(?=\s*$)"), _to("3")),
    # (a 100-element window: not a whole number of 128-thread vectors) BLOCK 100.
    ("vector_width.fh14_promote_block_100", C(r"^(BLOCK = )(512)()(?=\s*$)"), _to("100")),
    # lowering.py:3395 (an unbound axis name) axis_index('block').
    ("axis_unknown.fh14_promote_axis", C(r"(lax\.axis_index\(')(blk)('\) \* BLOCK)"), _to("block")),
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh14_promote_grid_names_2", C(r"(grid_names=)(\('blk',\))(,)"), _to("('blk', 'lane')")),
    # (a TypeError before any launch) promote_types of one dtype.
    ("control_flow.fh14_promote_arity", C(r"(jnp\.promote_types\()(X_DTYPE, Y_DTYPE)(\))"), _to("X_DTYPE")),
    # (an f32 sum stored into a bf16 output) the output typed as X.
    ("ref_store.fh14_promote_out_x", C(r"(jax\.ShapeDtypeStruct\(\(N,\), )(OUT_DTYPE)(\))"), _to("X_DTYPE")),

    # ============================================================ pytree_config_ws (jax.tree_util)
    # (a TypeError in tree_map's unflatten, before any launch) children passed as one argument.
    ("control_flow.fh14_pytree_unflatten_tuple", C(r"(return cls\()(\*children)(\))"), _to("children")),
    # (float block dimensions) the scale 2.0.
    ("blockspec_grid.fh14_pytree_scale_float", C(r"(tree_map\(lambda v: v \* )(2)(, BASE\))"), _to("2.0")),
    # ? the scale 3: (96, 192) blocks over 256x256 (the grid floors).
    ("blockspec_grid.fh14_pytree_scale_3", C(r"(tree_map\(lambda v: v \* )(2)(, BASE\))"), _to("3")),
    # pipeline.py:985 "SMEM outputs are not supported with multiple compute warpgroups".
    ("pipeline.fh14_pytree_compute_2", C(r"^(COMPUTE_WGS = )(1)()(?=\s*$)"), _to("2")),
    # (an unbound axis name) wg_axis 'warpgroup'.
    ("axis_unknown.fh14_pytree_wg_axis", C(r"(wg_axis=)(AXIS)(,)"), _to("'warpgroup'")),
    # pipeline.py:826 (in specs and refs of different structure) one spec for two inputs.
    ("kernel_args.fh14_pytree_one_in_spec", C(r"(in_specs=)(\[spec, spec\])(,)"), _to("[spec]")),
    # ? no memory thread: num_threads equal to the compute warpgroups.
    ("kernel_mesh_config.fh14_pytree_no_memory_thread", C(r"(num_threads=)(COMPUTE_WGS \+ 1)(,)"), _to("COMPUTE_WGS")),

    # ============================================================ mesh_shape_allreduce (Mesh.shape)
    # ? a 'mul' reduction.
    ("reduction_dtype.fh14_meshshape_op_mul", C(r"(reduction_op=')(add)(')"), _to("mul")),
    # ? a bitwise 'and' of f32 values.
    ("reduction_dtype.fh14_meshshape_op_and", C(r"(reduction_op=')(add)(')"), _to("and")),
    # primitives.py:5816 "Failed to infer the output layout of multimem_load_reduce".
    ("layout_missing.fh14_meshshape_no_layout_cast",
     C(r"^(\s+)(total = plgpu\.layout_cast\(total, plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\)\))()(?=\s*$)"), _to("pass")),
    # primitives.py:5810 (collective_axes must cover the mesh axes) a literal 'x'.
    ("shard_map_axis_names_subset.fh14_meshshape_axis_x", C(r"(collective_axes=)(\(AXIS,\))(,)"), _to("('x',)")),
    # (a KeyError before any launch) the mesh shape indexed by position.
    ("control_flow.fh14_meshshape_index_0", C(r"(MESH\.shape\[)(AXIS)(\])"), _to("0")),
    # ? four devices (the peer id 1 - i goes negative).
    ("kernel_mesh_config.fh14_meshshape_devices_4", C(r"(jax\.make_mesh\(\()(2)(,\), \('peers',\))"), _to("4")),
    # ? the WGMMA layout for the reduced tile.
    ("layout_unsupported.fh14_meshshape_layout_wgmma", C(r"(total = plgpu\.layout_cast\(total, )(plgpu\.Layout\.WG_STRIDED\(SHAPE, vec_size=VEC\))(\))"),
     _to("plgpu.Layout.WGMMA")),

    # ============================================================ unique_counts_roles (np.unique return_counts)
    # (a KeyError before any launch) the role looked up as 'maths'.
    ("control_flow.fh14_unique_key_typo", C(r"(PER_ROLE\[')(math)('\])"), _to("maths")),
    # core.py:1874 "Requested too many CUDA threads per block": the role list three times over (9 warpgroups).
    ("kernel_mesh_config.fh14_unique_roles_x3", C(r"(ROLES = np\.array\()(\['load', 'math', 'math'\])(\))"),
     _to("['load', 'math', 'math'] * 3")),
    # ? a third math warpgroup: 42-row parts.
    ("kernel_mesh_config.fh14_unique_roles_4", C(r"(ROLES = np\.array\()(\['load', 'math', 'math'\])(\))"),
     _to("['load', 'math', 'math', 'math']")),
    # core.py:1721 "Num arrivals must be at least 1".
    ("barrier.fh14_unique_arrivals_0", C(r"(plgpu\.Barrier\(num_arrivals=)(MATH_WGS)(\))"), _to("MATH_WGS - 2")),
    # (an unbound axis name) thread_name 'wg'.
    ("axis_unknown.fh14_unique_thread_name", C(r"(thread_name=)(AXIS)(,)"), _to("'wg'")),
    # primitives.py:235 "Expected shapes to match": the first 32 rows stored to the whole output.
    ("copy_tma.fh14_store_head_rows", C(r"(plgpu\.copy_smem_to_gmem\()(smem)(, o_gmem\))"), _to("smem.at[:32]")),
    # ? return_index instead of counts: one math warpgroup counted for two.
    ("control_flow.fh14_unique_return_index", C(r"(np\.unique\(ROLES, )(return_counts)(=True\))"), _to("return_index")),
    # (a (128, 128) product stored into a (64, 128) part) the whole buffer read.
    ("ref_store.fh14_unique_rows_whole", C(r"(smem\[rows\] = )(smem\[rows\])( \* smem\[rows\])"), _to("smem[...]")),

    # ============================================================ digitize_bucket_pipeline (np.digitize)
    # pipeline.py (max_concurrent_steps must be positive) the chosen row's stages 0.
    ("pipeline.fh14_digitize_stages_0", C(r"(\(32, 2\), )(\(64, 2\))(, \(128, 3\))"), _to("(64, 0)")),
    # ? a lower middle edge: the last bucket (128-row blocks, three stages past SMEM).
    ("pipeline.fh14_digitize_edge_15", C(r"(EDGES = np\.array\(\[1 << 12, 1 << )(16)(, 1 << 20\]\))"), _to("15")),
    # (numpy's ValueError for bins not monotonic, before any launch) the last edge 1 << 14.
    ("control_flow.fh14_digitize_edges_unsorted", C(r"(EDGES = np\.array\(\[1 << 12, 1 << 16, 1 << )(20)(\]\))"), _to("14")),
    # (expected clean) right=True: the size on an edge falls in the lower bucket.
    ("control_flow.fh14_digitize_right", C(r"(np\.digitize\(ROWS \* COLS, EDGES)()(\))"), lambda m: f"{m.group(1)}, right=True{m.group(3)}"),
    # pallas/core.py:680 (index map result rank) a 1-tuple.
    ("blockspec_grid.fh14_index_rank_1d", C(r"(lambda i: )(\(i, 0\))(\))"), _to("(i,)")),
    # (a (32, 128) value stored into a (64, 128) block) a slice of the square.
    ("ref_store.fh14_digitize_z_rows", C(r"(z_smem\[\.\.\.\] = )(x \* x)()"), _to("(x * x)[:32]")),
    # (the body takes three refs, the pipeline passes two) one output.
    ("kernel_args.fh14_digitize_one_out", C(r"(out_type=)(\(out, out\))(\))"), _to("out")),

    # ============================================================ frombuffer_head_transpose (np.frombuffer)
    # (a ValueError before any launch: 6 bytes are not a whole number of u4) '<u4'.
    ("control_flow.fh14_frombuffer_u4", C(r"(dtype=')(<u2)(')"), _to("<u4")),
    # (TMA needs 16 bytes along the minor dimension) DIM 2 in the header.
    ("copy_tma.fh14_frombuffer_dim_2", C(r"(HEADER = b'\\x04\\x00\\x40\\x00)(\\x40)(\\x00')"), _to("\\x02")),
    # (expected clean) three heads.
    ("copy_tma.fh14_frombuffer_heads_3", C(r"(HEADER = b')(\\x04)(\\x00)"), _to("\\x03")),
    # primitives.py:896 (TMA destination shape) the untransposed buffer.
    ("copy_tma.fh14_frombuffer_no_transpose", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem, )(plgpu\.transpose_ref\(smem\.at\[:\], PERM\))(, bar\))"),
     _to("smem")),
    # (a shape mismatch) PERM (0, 2, 1).
    ("copy_tma.fh14_frombuffer_perm_minor", C(r"^(PERM = )(\(1, 0, 2\))()"), _to("(0, 2, 1)")),
    # primitives.py:235 "Expected shapes to match": the output heads-major.
    ("copy_tma.fh14_frombuffer_out_heads_major", C(r"(out_type=jax\.ShapeDtypeStruct\()(\(SEQ, HEADS, DIM\))(, DTYPE\))"),
     _to("(HEADS, SEQ, DIM)")),
    # ? the sizes left numpy uint16 (tolist dropped).
    ("control_flow.fh14_frombuffer_no_tolist", C(r"(np\.frombuffer\(HEADER, dtype='<u2'\))(\.tolist\(\))()"), _to("")),
    # ? transpose_ref of the raw scratch ref (no .at[:] view).
    ("copy_tma.fh14_frombuffer_raw_ref", C(r"(plgpu\.transpose_ref\()(smem\.at\[:\])(, PERM\))"), _to("smem")),

    # ============================================================ record_dtype_multimem (numpy structured record)
    # (a ValueError / TypeError from numpy before any launch) a record of three values.
    ("control_flow.fh14_record_short", C(r"(np\.array\(\[)(\(128, 64, 2, 0\))(\], dtype=RECORD\))"), _to("(128, 64, 2)")),
    # primitives.py:5735 "Value shape ... does not match ref shape": the output twice as wide.
    ("ref_store.fh14_record_out_wide", C(r"(return plgpu\.kernel\(kernel, out_type=jax\.ShapeDtypeStruct\(\(ROWS, )(COLS)(\), jnp\.float32\))"),
     _to("2 * COLS")),
    # primitives.py:5733 "Value dtype ... does not match ref dtype": a bf16 tile.
    ("ref_store.fh14_record_store_bf16", C(r"(plgpu\.multimem_store\()(tile \* 2\.0)(, y_ref, AXIS\))"), _to("(tile * 2.0).astype(jnp.bfloat16)")),
    # (expected clean) root 2: no device stores.
    ("kernel_mesh_config.fh14_record_root_2", C(r"(\(128, 64, 2, )(0)(\)\])"), _to("2")),
    # ? four devices.
    ("kernel_mesh_config.fh14_record_devices_4", C(r"(\(128, 64, )(2)(, 0\)\])"), _to("4")),
    # primitives.py:5749 (collective_axes must cover the mesh axes) 'y'.
    ("shard_map_axis_names_subset.fh14_record_store_axis", C(r"(plgpu\.multimem_store\(tile \* 2\.0, y_ref, )(AXIS)(\))"), _to("'y'")),
    # (a WGMMA layout over 100 rows) rows 100.
    ("layout_unsupported.fh14_record_rows_100", C(r"(np\.array\(\[\()(128)(, 64, 2, 0\)\])"), _to("100")),

    # ============================================================ interp_registers_wgmma (np.interp)
    # primitives.py:3544 "n must be a positive multiple of 8": the interpolated 236 not rounded.
    ("kernel_mesh_config.fh14_interp_no_round", C(r"(HIGH = int\(np\.interp\(THREADS, WARPGROUPS, CONSUMER_REGS\)\))( // 8 \* 8)()"), _to("")),
    # ? three warpgroups: 160 registers, an idle third.
    ("kernel_mesh_config.fh14_interp_threads_3", C(r"^(THREADS = )(2)()(?=\s*$)"), _to("3")),
    # primitives.py:3544 (a multiple of 8) LOW 44.
    ("kernel_mesh_config.fh14_interp_low_44", C(r"^(LOW = )(40)()(?=\s*$)"), _to("44")),
    # primitives.py:3546 "action must be 'increase' or 'decrease'".
    ("kernel_mesh_config.fh14_interp_action_typo", C(r"(action=')(decrease)(')"), _to("lower")),
    # (WGMMA M must be a multiple of 64) M 32.
    ("wgmma_mma.fh14_interp_m_32", C(r"^(M, K, N = )(64)(, 64, 128)"), _to("32")),
    # primitives.py:2282 "WGMMA lhs tiling does not fit swizzle": 32-element tiles under a 128-byte swizzle.
    ("swizzle_tiling.fh14_interp_tiling_32", C(r"(plgpu\.TilingTransform\(\(8, SWIZZLE // )(2)(\)\))"), _to("4")),
    # (an f32 accumulator stored into an f16 buffer) the output buffer f16.
    ("ref_store.fh14_interp_o_f16", C(r"(plgpu\.SMEM\(\(M, N\), jnp\.)(float32)(\),)"), _to("float16")),
    # (numpy's ValueError: xp and fp of different lengths, before any launch).
    ("control_flow.fh14_interp_table_len", C(r"^(WARPGROUPS = np\.array\()(\[2, 3, 4\])(\))"), _to("[2, 3]")),

    # ============================================================ percentile_block_grid (np.percentile)
    # ? method 'higher': 130-row blocks.
    ("blockspec_grid.fh14_percentile_higher", C(r"(method=')(lower)(')"), _to("higher")),
    # (numpy's ValueError for an unknown method, before any launch).
    ("control_flow.fh14_percentile_method_typo", C(r"(method=')(lower)(')"), _to("lowest")),
    # ? the percentile left a float (int() dropped).
    ("copy_tma.fh14_percentile_float_block", C(r"^(BLOCK = )(int)(\(np\.percentile)"), _to("")),
    # primitives.py:896 (TMA source shape) the whole input copied into a block buffer.
    ("copy_tma.fh14_percentile_load_unsliced", C(r"(plgpu\.copy_gmem_to_smem\()(x_gmem\.at\[rows\])(, smem, bar\))"), _to("x_gmem")),
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh14_percentile_grid_names", C(r"(grid_names=)(\('row',\))(,)"), _to("('row', 'col')")),
    # (an unbound axis name) axis_index('rows').
    ("axis_unknown.fh14_percentile_axis", C(r"(lax\.axis_index\(')(row)('\) \* BLOCK)"), _to("rows")),
    # primitives.py:862 "Expected dtypes to match": an f16 block buffer.
    ("copy_tma.fh14_percentile_smem_f16", C(r"(plgpu\.SMEM\(\(BLOCK, COLS\), jnp\.)(float32)(\))"), _to("float16")),

    # ============================================================ cumsum_segments_barriers (np.cumsum / diff)
    # ? two barriers for three segments (a static index past the array).
    ("barrier.fh14_cumsum_barriers_short", C(r"(num_barriers=)(len\(SEGMENTS\))(\))"), _to("len(SEGMENTS) - 1")),
    # (expected clean) offsets without the leading 0: two segments from row 32.
    ("control_flow.fh14_cumsum_no_zero", C(r"(OFFSETS = )(np\.concatenate\(\[\[0\], np\.cumsum\(SEGMENTS\)\]\))()"),
     _to("np.cumsum(SEGMENTS)")),
    # (an IndexError while tracing) two scales for three segments.
    ("control_flow.fh14_cumsum_scales_short", C(r"^(SCALES = )(\(1\.0, 2\.0, 3\.0\))()"), _to("(1.0, 2.0)")),
    # primitives.py:896 (TMA destination shape) the whole buffer as destination.
    ("copy_tma.fh14_cumsum_dst_unsliced", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem\.at\[rows\], )(smem\.at\[rows\])(, bars\.at\[s\]\))"),
     _to("smem")),
    # (a (128, 128) value stored into a segment) the whole buffer scaled.
    ("ref_store.fh14_cumsum_store_all", C(r"(smem\[rows\] = )(smem\[rows\])( \* SCALES\[s\])"), _to("smem[...]")),
    # ? a wait on the whole barrier array.
    ("barrier.fh14_cumsum_wait_array", C(r"(plgpu\.barrier_wait\()(bars\.at\[s\])(\))"), _to("bars")),
    # (TMA needs 16 bytes along the minor dimension) two columns.
    ("copy_tma.fh14_cumsum_cols_2", C(r"(ROWS, COLS = int\(OFFSETS\[-1\]\), )(128)()"), _to("2")),

    # ============================================================ match_sequence_relu (match sequence patterns)
    # (the user's ValueError before any launch: the guard fails and nothing else matches) swizzle 96.
    ("control_flow.fh14_match_guard_fails", C(r"(SPEC = \['bf16', 64, 128, 'swizzle', )(128)(\])"), _to("96")),
    # (the user's ValueError: f32 is not among the first case's names) 'f32'.
    ("control_flow.fh14_match_name_f32", C(r"(SPEC = \[')(bf16)(', 64)"), _to("f32")),
    # ? a 64-byte swizzle.
    ("swizzle_tiling.fh14_match_swizzle_64", C(r"(SPEC = \['bf16', 64, 128, 'swizzle', )(128)(\])"), _to("64")),
    # ? the spec without its swizzle: no transforms.
    ("swizzle_tiling.fh14_match_spec_short", C(r"(SPEC = \['bf16', 64, 128)(, 'swizzle', 128)(\])"), _to("")),
    # ? the WGMMA_ROW layout for a 2-D tile.
    ("layout_unsupported.fh14_match_layout_row", C(r"(load_regs\(smem, plgpu\.Layout\.)(WGMMA)(\))"), _to("WGMMA_ROW")),
    # (an f32 value stored into a bf16 buffer).
    ("ref_store.fh14_match_store_f32", C(r"(smem\[\.\.\.\] = )(jnp\.maximum\(x, jnp\.asarray\(0, DTYPE\)\))()"),
     _to("jnp.maximum(x, 0.0).astype(jnp.float32)")),
    # (a KeyError before any launch) the table's key 'b16'.
    ("control_flow.fh14_match_dtype_key", C(r"(DTYPE = \{')(bf16)(': jnp\.bfloat16)"), _to("b16")),
    # ? 32 rows (a WGMMA layout over half a warpgroup tile).
    ("layout_unsupported.fh14_match_rows_32", C(r"(SPEC = \['bf16', )(64)(, 128)"), _to("32")),

    # ============================================================ descriptor_delete_squeezed (__delete__)
    # ? the del left out: depth 4 (four 32 KiB stages per operand).
    ("pipeline.fh14_descr_keep_depth", C(r"^()(del CFG\.depth)()(?=\s*$)"), _to("pass")),
    # ? the other setting deleted: depth 4, block 64.
    ("control_flow.fh14_descr_delete_block", C(r"^(del CFG\.)(depth)()(?=\s*$)"), _to("block")),
    # (a KeyError from dict.pop before any launch) pop of the default.
    ("control_flow.fh14_descr_pop_default", C(r"(obj\.__dict__\.pop\()(self\.key, None)(\))"), _to("self.default")),
    # pipeline.py (max_concurrent_steps must be positive) the depth default 0.
    ("pipeline.fh14_descr_default_0", C(r"(depth = Setting\('depth', )(2)(\))"), _to("0")),
    # (expected clean?) a 100-row block: two steps over 256 rows.
    ("blockspec_grid.fh14_descr_block_100", C(r"^(CFG\.block = )(128)()(?=\s*$)"), _to("100")),
    # pallas/core.py (index map arity) a one-argument map for a 2-D grid.
    ("blockspec_grid.fh14_descr_index_arity", C(r"(, )(lambda b, i: \(b, i, 0\))(\))"), _to("lambda b: (b, 0, 0)")),
    # pallas/core.py:680 (index map result rank) two indices for three dimensions.
    ("blockspec_grid.fh14_descr_index_rank", C(r"(lambda b, i: )(\(b, i, 0\))(\))"), _to("(b, i)")),
    # ? a batch block of 2 where the index map counts batches.
    ("blockspec_grid.fh14_descr_unsqueezed_2", C(r"(pl\.BlockSpec\(\()(pl\.Squeezed\(\))(, CFG\.block, COLS\))"), _to("2")),

    # ============================================================ iter_sentinel_cluster (iter(callable, sentinel))
    # (expected clean) a sentinel that never comes: the StopIteration ends the read, the trailing pair is unused.
    ("control_flow.fh14_iter_sentinel_missing", C(r"('128', )('--')(, 'stale')"), _to("'---'")),
    # (a KeyError before any launch) the sentinel before 'rows'.
    ("control_flow.fh14_iter_sentinel_early", C(r"('cx', )('rows')(, '128')"), _to("'--'")),
    # ? a cluster of three (42-row parts).
    ("cluster_collective.fh14_iter_cluster_3", C(r"(\['cluster', ')(2)(')"), _to("3")),
    # lowering.py:3323 "Unknown cluster axis": the multicast over the grid axis.
    ("cluster_collective.fh14_iter_collective_grid", C(r"(w_bar, collective_axes=)(AXIS)(\))"), _to("'cta'")),
    # core.py:1864 "cluster_names must have the same length as cluster".
    ("kernel_mesh_config.fh14_iter_cluster_names_empty", C(r"(cluster_names=)(\(AXIS,\))(,)"), _to("()")),
    # (an unknown cluster axis for the ClusterBarrier) 'cta'.
    ("barrier.fh14_iter_barrier_axes", C(r"(plgpu\.ClusterBarrier\(collective_axes=)(\(AXIS,\))(\))"), _to("('cta',)")),
    # primitives.py:896 (TMA source shape) a weight of all rows.
    ("copy_tma.fh14_iter_w_rows", C(r"(w = jnp\.full\(\()(PART)(, COLS\), 0\.5)"), _to("ROWS")),
    # (an unbound axis name) axis_index('cluster').
    ("axis_unknown.fh14_iter_axis_index", C(r"(pl\.ds\(lax\.axis_index\()(AXIS)(\) \* PART)"), _to("'cluster'")),

    # ============================================================ sqrt_isclose_transpose (math.sqrt / isclose)
    # (64 bytes swizzle-tile mismatch: 63 columns) an area of 4000.
    ("swizzle_tiling.fh14_sqrt_area_4000", C(r"^(AREA = )(4096\.0)()"), _to("4000.0")),
    # (expected clean) an area of 16384: 128x128.
    ("swizzle_tiling.fh14_sqrt_area_16384", C(r"^(AREA = )(4096\.0)()"), _to("16384.0")),
    # (math.isclose's ValueError for a negative tolerance, before any launch).
    ("control_flow.fh14_sqrt_tol_negative", C(r"(rel_tol=)(1e-9)(\))"), _to("-1e-9")),
    # ? a float side (int() dropped).
    ("control_flow.fh14_sqrt_float_side", C(r"^(SIDE = )(int)(\(math\.sqrt\(AREA\)\))"), _to("")),
    # ? f32 tiles.
    ("ops_dtypes.fh14_dtype_f16_to_f32", C(r"^(DTYPE = jnp\.)(float16)()(?=\s*$)"), _to("float32")),
    # ? the WGMMA value stored through .T without its WGMMA_TRANSPOSED cast.
    ("layout_missing.fh14_sqrt_no_transposed_cast",
     C(r"(out_smem\.T\[\.\.\.\] = )(plgpu\.layout_cast\(x, plgpu\.Layout\.WGMMA_TRANSPOSED\))()"), _to("x")),
    # ? a layout_cast to WGMMA (no transpose) before the .T store.
    ("layout_unsupported.fh14_sqrt_cast_wgmma", C(r"(plgpu\.layout_cast\(x, plgpu\.Layout\.)(WGMMA_TRANSPOSED)(\))"), _to("WGMMA")),

    # ============================================================ utf16_strided_fma (str.encode / bytes.hex)
    # (expected clean) UTF-32: 4-byte f32 elements, vector width 4.
    ("vector_width.fh14_utf16_codec_32", C(r"^(CODEC = ')(utf-16-le)(')"), _to("utf-32-le")),
    # (a KeyError before any launch) UTF-8: one byte.
    ("control_flow.fh14_utf16_codec_8", C(r"^(CODEC = ')(utf-16-le)(')"), _to("utf-8")),
    # ? plain 'utf-16' (a byte-order mark: 4 bytes, f32).
    ("control_flow.fh14_utf16_bom", C(r"^(CODEC = ')(utf-16-le)(')"), _to("utf-16")),
    # (a vector width 12) alignment 0x18.
    ("vector_width.fh14_utf16_align_24", C(r"(b'\\x)(10)('\.hex\(\))"), _to("18")),
    # ? a vector width 32 (64-byte alignment).
    ("vector_width.fh14_utf16_align_64", C(r"(b'\\x)(10)('\.hex\(\))"), _to("40")),
    # (3 rows of 256: 768 elements are not a whole number of 8-wide vectors over 128 threads) 3 rows.
    ("vector_width.fh14_utf16_rows_3", C(r"^(SHAPE = \()(64)(, 256\))"), _to("3")),
    # (an f16 value stored into an f32 output).
    ("ref_store.fh14_utf16_out_f32", C(r"(jax\.ShapeDtypeStruct\(SHAPE, dtype=)(DTYPE)(\))"), _to("jnp.float32")),
    # ? a layout_cast to WGMMA.
    ("layout_unsupported.fh14_utf16_cast_wgmma", C(r"(plgpu\.layout_cast\(x \* y \+ x, )(LAYOUT)(\))"), _to("plgpu.Layout.WGMMA")),

    # ============================================================ counter_and_depth (Counter &)
    # pipeline.py:316 "max_concurrent_steps must be greater than all delay_release values": a cap of 1.
    ("pipeline.fh14_counter_cap_1", C(r"(CAP = collections\.Counter\(x=)(2)(, y=4\))"), _to("1")),
    # pipeline.py:316 (depth 1 from a Counter difference).
    ("pipeline.fh14_counter_difference", C(r"(DEPTH = min\(\(WANT )(&)( CAP\)\.values\(\)\))"), _to("-")),
    # (expected clean) a union: depth 3.
    ("pipeline.fh14_counter_union", C(r"(DEPTH = min\(\(WANT )(&)( CAP\)\.values\(\)\))"), _to("|")),
    # (min() of an empty sequence, before any launch) caps under other names.
    ("control_flow.fh14_counter_empty", C(r"(CAP = collections\.Counter\()(x=2, y=4)(\))"), _to("a=2, b=4")),
    # pipeline.py:316 (delay_release 2 at depth 2).
    ("pipeline.fh14_counter_release_2", C(r"(RELEASE = collections\.Counter\(x=)(1)(\))"), _to("2")),
    # (an AttributeError before any launch) attribute access on a Counter.
    ("control_flow.fh14_counter_attr", C(r"(delay_release=)(RELEASE\['x'\])(\))"), _to("RELEASE.x")),
    # (a (32, 128) block stored into a (16, 128) output block).
    ("ref_store.fh14_counter_out_block", C(r"(o_spec = plgpu\.BlockSpec\()(BLOCK)(, lambda i)"), _to("(16, 128)")),
    # pallas/core.py (block rank) a 1-D block for 2-D arrays.
    ("blockspec_grid.fh14_counter_block_rank", C(r"^(BLOCK = )(\(32, 128\))()"), _to("(32,)")),

    # ============================================================ lcm_gcd_mixed (np.gcd / np.lcm)
    # ? lcm instead of gcd: vector width 8 for both (32 bytes of f32).
    ("vector_width.fh14_lcm_for_gcd", C(r"(VEC = int\(np\.)(gcd)(\.reduce\(WIDTHS\)\))"), _to("lcm")),
    # ? 32-byte vectors: widths 16 and 8.
    ("vector_width.fh14_lcm_bytes_32", C(r"(WIDTHS = \[)(16)( // jnp\.dtype)"), _to("32")),
    # (a 300-column tile: 19200 elements are not a whole number of 4-wide vectors per 128 threads) lcm(100, 3).
    ("vector_width.fh14_lcm_cols_300", C(r"(COLS = int\(np\.lcm\()(128, 192)(\)\))"), _to("100, 3")),
    # (expected clean) the f16 cast dropped (the add promotes).
    ("ops_dtypes.fh14_lcm_no_astype", C(r"(h = load_regs\(h_ref, LAYOUT\))(\.astype\(jnp\.float32\))()"), _to("")),
    # (an f32 sum stored into an f16 output).
    ("ref_store.fh14_out_f32_to_f16", C(r"(jax\.ShapeDtypeStruct\(SHAPE, jnp\.)(float32)(\))"), _to("float16")),
    # (a TypeError before any launch) np.gcd with one argument.
    ("control_flow.fh14_lcm_gcd_no_reduce", C(r"(VEC = int\(np\.gcd)(\.reduce)(\(WIDTHS\)\))"), _to("")),
    # (an IndexError in __main__, before the launch) DTYPES[2].
    ("control_flow.fh14_lcm_dtype_index", C(r"(f = jnp\.ones\(SHAPE, DTYPES\[)(1)(\]\))"), _to("2")),

    # ============================================================ array_split_warpgroups (np.array_split)
    # ? three warpgroups: 43 / 43 / 42-row parts.
    ("kernel_mesh_config.fh14_split_wgs_3", C(r"^(WARPGROUPS = )(2)()(?=\s*$)"), _to("3")),
    # (a TypeError before any launch) part.size() called.
    ("control_flow.fh14_split_size_call", C(r"(int\(part\[0\]\), )(len\(part\))(\))"), _to("part.size()")),
    # (expected clean) one arrival for two arriving warpgroups.
    ("barrier.fh14_split_arrivals_1", C(r"(plgpu\.Barrier\(num_arrivals=)(WARPGROUPS)(\))"), _to("1")),
    # (an unbound axis name) thread_name 'warpgroup'.
    ("axis_unknown.fh14_thread_name_warpgroup", C(r"(thread_name=')(wg)(',)"), _to("warpgroup")),
    # (a bf16 value stored into an f32 buffer).
    ("ref_store.fh14_split_store_bf16", C(r"(smem\[rows\] = )(smem\[rows\] \+ float\(k \+ 1\))()"),
     _to("(smem[rows] + float(k + 1)).astype(jnp.bfloat16)")),
    # core.py:1874 "Requested too many CUDA threads per block": nine threads.
    ("kernel_mesh_config.fh14_split_threads_9", C(r"(num_threads=)(WARPGROUPS)(,)"), _to("9")),
    # primitives.py:896 (TMA source shape) half the input into the whole buffer.
    ("copy_tma.fh14_load_half_rows", C(r"(plgpu\.copy_gmem_to_smem\()(x_gmem)(, smem, loaded\))"), _to("x_gmem.at[pl.ds(0, 64)]")),

    # ============================================================ ndindex_tile_stores (np.ndindex)
    # (a non-contiguous SMEM slice for TMA) two column tiles.
    ("copy_tma.fh14_ndindex_tiles_cols_2", C(r"^(TILES = \(4, )(1)(\))"), _to("2")),
    # core.py:887 (slices of a tiled ref must be tile-aligned) 4-row tiles under an (8, 64) tiling.
    ("swizzle_tiling.fh14_ndindex_tile_rows_4", C(r"^(TILE = \()(32)(, 128\))"), _to("4")),
    # (expected clean) ndindex of the tuple itself.
    ("control_flow.fh14_ndindex_no_star", C(r"(np\.ndindex\()(\*TILES)(\))"), _to("TILES")),
    # primitives.py:235 "Expected shapes to match": each tile stored to the whole output.
    ("copy_tma.fh14_ndindex_gmem_unsliced", C(r"(, )(o_gmem\.at\[r, c\])(, commit_group=False\))"), _to("o_gmem")),
    # (expected clean) a commit per store, then an empty group commit.
    ("copy_tma.fh14_ndindex_commit_each", C(r"(commit_group=)(False)(\))"), _to("True")),
    # (an f32 product stored into a bf16 buffer) an f32 scale.
    ("ref_store.fh14_ndindex_scale_f32", C(r"(jnp\.asarray\(0\.5, )(DTYPE)(\))"), _to("jnp.float32")),
    # (a ValueError unpacking the index pairs while tracing).
    ("control_flow.fh14_ndindex_unpack_3", C(r"(for )(i, j)( in ORDER:)"), _to("i, j, k")),

    # ============================================================ binary_repr_signal (np.binary_repr)
    # (expected clean) two mask bits: a 2x2 mesh of four devices.
    ("kernel_mesh_config.fh14_binrepr_mask_3", C(r"^(MASK = )(0b010)()(?=\s*$)"), _to("0b011")),
    # ? no bits: an empty axis tuple.
    ("kernel_mesh_config.fh14_binrepr_mask_0", C(r"^(MASK = )(0b010)()(?=\s*$)"), _to("0b000")),
    # ? width 2: the bits '10' line up with 'pod' (a one-device mesh).
    ("kernel_mesh_config.fh14_binrepr_width_2", C(r"(np\.binary_repr\(MASK, width=)(len\(NAMES\))(\))"), _to("2")),
    # primitives.py:6010 "collective_axes ... must equal entire mesh axes": ('y',).
    ("shard_map_axis_names_subset.fh14_binrepr_axes_y", C(r"(semaphore_signal_multicast\(sem, collective_axes=)(AXES)(\))"),
     _to("('y',)")),
    # (a KeyError before any launch) SIZES keyed 'X'.
    ("control_flow.fh14_binrepr_sizes_key", C(r"(SIZES = \{'pod': 1, ')(x)(': 2)"), _to("X")),
    # primitives.py:896 (TMA destination shape) a 64-row buffer.
    ("copy_tma.fh14_smem_rows_64", C(r"(plgpu\.SMEM\(\()(ROWS)(, COLS\), jnp\.float32\), plgpu\.Barrier\(\))"), _to("64")),
    # (the kernel takes a semaphore that is not allocated) the semaphore dropped.
    ("kernel_args.fh14_binrepr_no_semaphore", C(r"(plgpu\.Barrier\(\))(, plgpu\.SemaphoreType\.REGULAR)(\])"), _to("")),
    # ? a float wait count.
    ("barrier.fh14_binrepr_wait_float", C(r"(pl\.semaphore_wait\(sem, )(DEVICES)(\))"), _to("DEVICES * 1.0")),

    # ============================================================ jax_copy_with_sole_swizzle
    # core.py:1390 "Swizzle 16 is not supported".
    ("swizzle_tiling.fh14_sole_swizzle_16", C(r"^(swizzle = )(32)()(?=\s*$)"), _to("16")),
    # (expected clean) 64 (the test's second parameter).
    ("swizzle_tiling.fh14_sole_swizzle_64", C(r"^(swizzle = )(32)()(?=\s*$)"), _to("64")),
    # core.py:1402 "Swizzle ... requires the trailing dimension to be of size": 16 columns for a 32-byte swizzle.
    ("swizzle_tiling.fh14_sole_trailing_16", C(r"(trailing_dim = 8 \* swizzle // )(32)()"), _to("16")),
    # (8 f16 columns are 16 bytes under a 32-byte swizzle) float16.
    ("ops_dtypes.fh14_lower_dtype_f16", C(r"^(dtype = jnp\.)(float32)()(?=\s*$)"), _to("float16")),
    # primitives.py:235 "Expected shapes to match": a 64-row output.
    ("copy_tma.fh14_sole_out_rows", C(r"(out_type=jax\.ShapeDtypeStruct\()(shape)(, dtype\))"), _to("[64, trailing_dim]")),
    # primitives.py:1121 (copy_gmem_to_smem without a barrier).
    ("copy_tma.fh14_sole_no_barrier", C(r"(plgpu\.copy_gmem_to_smem\(x_ref, scratch_ref)(, barrier_ref)(\))"), _to("")),

    # ============================================================ jax_copy_with_transforms_and_indexing
    # ? the identity permutation: index i on a size-1 dimension.
    ("copy_tma.fh14_tai_perm_identity", C(r"(transpose_ref\(scratch_ref, )(\(1, 0, 2, 3\))(\))"), _to("(0, 1, 2, 3)")),
    # ? three slices of a two-slice view.
    ("copy_tma.fh14_tai_range_3", C(r"(for i in range\()(2)(\):)"), _to("3")),
    # ? a 64-byte swizzle.
    ("swizzle_tiling.fh14_tai_swizzle_64", C(r"(transforms=default_transforms\()(dtype=jnp\.float32\))()"),
     _to("swizzle=64, dtype=jnp.float32)")),
    # primitives.py:235 "Expected shapes to match": the output in the scratch's order.
    ("copy_tma.fh14_tai_out_shape", C(r"(out_type=jax\.ShapeDtypeStruct\()(\[1, 2, 64, 64\])(, jnp\.float32\))"), _to("[2, 1, 64, 64]")),
    # primitives.py:862 "Expected dtypes to match": an f16 scratch.
    ("copy_tma.fh14_tai_smem_f16", C(r"(plgpu\.SMEM\(\(2, 1, 64, 64\), jnp\.)(float32)(,)"), _to("float16")),
    # primitives.py:896 (TMA destination shape) the unindexed view.
    ("copy_tma.fh14_tai_no_index", C(r"(plgpu\.copy_gmem_to_smem\(x_ref, )(transposed_scratch\.at\[:, i\])(, barrier_ref\))"),
     _to("transposed_scratch")),

    # ============================================================ jax_copy_gmem_to_smem_in_run_scoped
    # primitives.py:896 (TMA destination shape) a 128-element buffer.
    ("copy_tma.fh14_scoped_smem_128", C(r"(plgpu\.SMEM\(\()(256)(,\), jnp\.float32\))"), _to("128")),
    # primitives.py:1121 (copy_gmem_to_smem without a barrier).
    ("copy_tma.fh14_scoped_no_barrier", C(r"(plgpu\.copy_gmem_to_smem\(x_ref_gmem, scratch_ref)(, barrier_ref)(\))"), _to("")),
    # core.py:1721 "Num arrivals must be at least 1".
    ("barrier.fh14_scoped_arrivals_0", C(r"(pl\.run_scoped\(body, plgpu\.Barrier\()()(\)\))"), lambda m: f"{m.group(1)}num_arrivals=0{m.group(3)}"),
    # primitives.py:862 "Expected dtypes to match": an f16 buffer.
    ("copy_tma.fh14_scoped_smem_f16", C(r"(plgpu\.SMEM\(\(256,\), jnp\.)(float32)(\))"), _to("float16")),
    # (a 256-element value stored into a 128-element output).
    ("ref_store.fh14_scoped_out_128", C(r"(out_type=jax\.ShapeDtypeStruct\(\[)(256)(\], jnp\.float32\))"), _to("128")),
    # ? a two-barrier array passed as the copy's barrier.
    ("barrier.fh14_scoped_barrier_array", C(r"(pl\.run_scoped\(body, plgpu\.Barrier\()()(\)\))"), lambda m: f"{m.group(1)}num_barriers=2{m.group(3)}"),

    # ============================================================ jax_nested_emit
    # pallas/core.py:626 (block rank) a 1-D inner block.
    ("blockspec_grid.fh14_emit_in_block_rank", C(r"(in_specs=\[pl\.BlockSpec\()(\(32, 16\))(, lambda i: \(0, i\)\)\])"), _to("(32,)")),
    # pipeline.py (max_concurrent_steps must be positive) 0.
    ("pipeline.fh14_max_steps_0", C(r"(max_concurrent_steps=)(2)(,)"), _to("0")),
    # (an 8-byte minor dimension for TMA, and a (32, 2) value into a (32, 16) block) 2 input columns.
    ("copy_tma.fh14_emit_in_cols_2", C(r"(in_specs=\[pl\.BlockSpec\(\(32, )(16)(\), lambda i: \(0, i\)\)\])"), _to("2")),
    # ? the inner index map swapped (row blocks past a 32-row array).
    ("blockspec_grid.fh14_nested_index_swapped", C(r"(out_specs=\[pl\.BlockSpec\(\(32, 16\), lambda i: )(\(0, i\))(\)\])"), _to("(i, 0)")),
    # ? the outer pipeline staging SMEM copies of the whole arrays.
    ("pipeline.fh14_nested_outer_smem", C(r"(in_specs=\[pl\.BlockSpec\(memory_space=plgpu\.)(GMEM)(\)\])"), _to("SMEM")),
    # (a reshape of an empty array, before any launch; ? where nothing is reshaped) zero steps.
    ("control_flow.fh14_num_steps_zero", C(r"^(num_steps = )(4)()(?=\s*$)"), _to("0")),

    # ============================================================ jax_emit_with_grid_invariant_output
    # pallas/core.py:680 (index map result rank) the invariant map returns one index.
    ("blockspec_grid.fh14_invariant_rank", C(r"(lambda i: )(\(0, 0\))(\)\])"), _to("(0,)")),
    # (a (32, 8) value stored into a (32, 16) block) an 8-column input block.
    ("ref_store.fh14_emit_in_cols_8", C(r"(in_specs=\[pl\.BlockSpec\(\(32, )(16)(\), lambda i: \(0, i\)\)\])"), _to("8")),
    # pipeline.py:299 "All elements in the grid must be strictly positive": a grid of (num_steps, 0).
    ("pipeline.fh14_grid_zero", C(r"(grid=)(\(num_steps,\))(,)"), _to("(num_steps, 0)")),
    # ? the output block 64 rows over a 32-row array.
    ("blockspec_grid.fh14_invariant_out_rows_64", C(r"(out_specs=\[pl\.BlockSpec\(\()(32)(, 16\), lambda i: \(0, 0\)\)\])"), _to("64")),
    # (an int32 value stored into an f32 block) the body adds an int32 one.
    ("ref_store.fh14_add_int32_one", C(r"(o_smem\[\.\.\.\] = x_smem\[\.\.\.\] \+ )(1\.0)()"), _to("jnp.int32(1)")),
    # ? the input in int32 (x's astype).
    ("ops_dtypes.fh14_emit_int_input", C(r"(x = x\.reshape\(-1, num_steps \* 16\)\.astype\(jnp\.)(float32)(\))"), _to("int32")),

    # ============================================================ jax_emit_with_no_output
    # pipeline.py:316 "max_concurrent_steps must be greater than all delay_release values": delay_release 2.
    ("pipeline.fh14_nooutput_release_2", C(r"(delay_release=)(1)(\)\])"), _to("2")),
    # (expected clean) no delay_release.
    ("pipeline.fh14_nooutput_release_0", C(r"(delay_release=)(1)(\)\])"), _to("0")),
    # (a (2, n) block added into a (1, n) accumulator) two-row blocks.
    ("ref_store.fh14_nooutput_block_rows_2", C(r"(plgpu\.BlockSpec\(\()(1)(, n\), lambda i: \(i, 0\))"), _to("2")),
    # ? an f16 accumulator.
    ("ref_store.fh14_nooutput_acc_f16", C(r"(plgpu\.SMEM\(\(1, n\), dtype=jnp\.)(float32)(\))"), _to("float16")),
    # pipeline.py:299 (grid elements strictly positive) m 0 in the grid.
    ("pipeline.fh14_nooutput_grid_0", C(r"(grid=)(\(m,\))(,)"), _to("(0,)")),
    # (a (1, 64) value stored into a (1, 128) output) n 64 in the output type.
    ("ref_store.fh14_nooutput_out_cols", C(r"(out_type=jax\.ShapeDtypeStruct\(\(1, )(n)(\), dtype\))"), _to("64")),

    # ============================================================ jax_emit_with_carry
    # (an f32 carry broadcast into an int32 block) init_carry 0.0.
    ("ref_store.fh14_carry_float_init", C(r"(init_carry=)(0)(,)"), _to("0.0")),
    # (an int32 value stored into an f32 output).
    ("ref_store.fh14_carry_out_f32", C(r"(jax\.ShapeDtypeStruct\(\(64, num_steps \* 64\), jnp\.)(int32)(\))"), _to("float32")),
    # (a TypeError: the body takes a carry the pipeline does not pass) init_carry dropped.
    ("pipeline.fh14_carry_no_init", C(r"^(\s+)(init_carry=0,)()(?=\s*$)"), _to("")),
    # (expected clean) 32-row blocks (half the output untouched).
    ("blockspec_grid.fh14_carry_block_rows_32", C(r"(pl\.BlockSpec\(\()(64)(, 64\), lambda i: \(0, i\)\))"), _to("32")),
    # (a carry of another type: None returned).
    ("control_flow.fh14_carry_return_none", C(r"(return )(carry \+ 1)()"), _to("None")),
    # (a (64,) value stored into a (64, 64) block).
    ("ref_store.fh14_carry_broadcast_1d", C(r"(lax\.broadcast\(carry, )(o_smem\.shape)(\))"), _to("(64,)")),

    # ============================================================ jax_carry_accumulate
    # (expected clean) one compute warpgroup.
    ("pipeline.fh14_cacc_compute_1", C(r"^(m, n, num_compute_wgs = 256, 256, )(2)()"), _to("1")),
    # (a vector width 3) vec_size 3.
    ("vector_width.fh14_cacc_vec_3", C(r"(vec_size=)(2)(\)\))"), _to("3")),
    # lowering.py:3993 (loop body layout differs from the carry's) a splat layout for the init.
    ("layout_unsupported.fh14_cacc_splat", C(r"^(\s+)(plgpu\.Layout\.WG_STRIDED\(\(blk_m, blk_n\), vec_size=2\))(\))"),
     _to("plgpu.Layout.WG_SPLAT((blk_m, blk_n))")),
    # pipeline.py:1085 "Cannot call pipeline more than once in `compute_context`".
    ("pipeline.fh14_cacc_pipeline_twice", C(r"(o_final = )(pipeline_fn\(o_acc\))()"), _to("pipeline_fn(pipeline_fn(o_acc))")),
    # pipeline.py:1096 "Pipeline was not called in `compute_context`".
    ("pipeline.fh14_cacc_pipeline_skipped", C(r"(o_final = )(pipeline_fn\(o_acc\))()"), _to("o_acc")),
    # (an unbound axis name) wg_axis "warp".
    ("axis_unknown.fh14_cacc_wg_axis", C(r"(wg_axis=\")(wg)(\",)"), _to("warp")),
    # (an f32 carry stored into an f16 buffer).
    ("ref_store.fh14_cacc_acc_f16", C(r"^(\s+plgpu\.SMEM\(\(blk_m, blk_n\), jnp\.)(float32)(\),)"), _to("float16")),
    # ? no memory thread: num_threads equal to the compute warpgroups.
    ("kernel_mesh_config.fh14_cacc_no_memory_thread", C(r"(num_threads=)(num_compute_wgs \+ 1)(,)"), _to("num_compute_wgs")),

    # ============================================================ jax_cross_wg_barrier
    # core.py:1721 "Num arrivals must be at least 1".
    ("barrier.fh14_xwg_arrivals_0", C(r"(plgpu\.Barrier\(num_arrivals=)(2)(\))"), _to("0")),
    # (expected clean) one arrival for two arriving warpgroups.
    ("barrier.fh14_xwg_arrivals_1", C(r"(plgpu\.Barrier\(num_arrivals=)(2)(\))"), _to("1")),
    # ? three warpgroups writing rows of a 2-row output.
    ("kernel_mesh_config.fh14_threads_2_to_3", C(r"(num_threads=)(2)(,)"), _to("3")),
    # (a (64,) value stored into a 128-element row).
    ("ref_store.fh14_xwg_row_64", C(r"(jnp\.broadcast_to\(wg_idx, )(\(128,\))(\))"), _to("(64,)")),
    # (an int32 value stored into an f32 output).
    ("ref_store.fh14_xwg_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(2, 128\), np\.)(int32)(\),)"), _to("float32")),
    # core.py:1868 "num_threads and thread_name must be either both set or both None".
    ("kernel_mesh_config.fh14_no_thread_name", C(r"^(\s+)(thread_name=\"wg\",)()(?=\s*$)"), _to("")),

    # ============================================================ jax_multiple_wg_with_grid
    # core.py:1860 "grid_names must have the same length as grid".
    ("kernel_mesh_config.fh14_mwg_grid_names_1", C(r"(grid_names=)(\(\"x\", \"y\"\))(,)"), _to("(\"x\",)")),
    # (duplicate axis names) the thread named "x".
    ("kernel_mesh_config.fh14_thread_name_x", C(r"(thread_name=\")(wg)(\",)"), _to("x")),
    # (an unbound axis name) axis_index(("y", "z")).
    ("axis_unknown.fh14_mwg_axis_z", C(r"(yx_idx = jax\.lax\.axis_index\(\(\"y\", \")(x)(\"\)\))"), _to("z")),
    # (a (64,) value stored into a 128-element row).
    ("ref_store.fh14_mwg_row_64", C(r"^(\s+yx_idx \* num_wgs \+ wg_idx, )(\(128,\))()"), _to("(64,)")),
    # ? a 4x2 grid writing rows of a 4-row output (xy index up to 7).
    ("kernel_mesh_config.fh14_mwg_grid_4x2", C(r"(grid=)(\(2, 2\))(,)"), _to("(4, 2)")),
    # (an int32 value stored into an f32 output).
    ("ref_store.fh14_mwg_out_f32", C(r"(out_type=jax\.ShapeDtypeStruct\(\(4, 2, 128\), np\.)(int32)(\),)"), _to("float32")),

    # ============================================================ jax_collective_arrival_count
    # core.py:1746 "Num arrivals must be at least 1".
    ("barrier.fh14_carrival_0", C(r"(num_arrivals=)(4)(\)\])"), _to("0")),
    # lowering.py:3323 "Unknown cluster axis": the barrier over "y".
    ("barrier.fh14_carrival_axes_y", C(r"(plgpu\.ClusterBarrier\(collective_axes=\(\")(x)(\",\))"), _to("y")),
    # core.py:1864 "cluster_names must have the same length as cluster".
    ("kernel_mesh_config.fh14_carrival_cluster_names_2", C(r"(cluster_names=)(\(\"x\",\))(,)"), _to("(\"x\", \"y\")")),
    # ? a cluster of four.
    ("cluster_collective.fh14_carrival_cluster_4", C(r"(cluster=\()(2)(,\),)"), _to("4")),
    # core.py:1858 "cluster= must be at most 3D": four cluster dimensions.
    ("cluster_collective.fh14_carrival_cluster_4d", C(r"(cluster=)(\(2,\))(,)"), _to("(2, 1, 1, 1)")),
    # (an f32 value stored into an int32 output).
    ("ref_store.fh14_carrival_store_f32", C(r"(dst\[\.\.\.\] = )(jnp\.ones_like\(dst\))()"), _to("jnp.ones((128,), jnp.float32)")),
    # (expected clean) a plain CTA barrier of four arrivals.
    ("barrier.fh14_carrival_plain_barrier", C(r"(scratch_types=\[)(plgpu\.ClusterBarrier\(collective_axes=\(\"x\",\), num_arrivals=4\))(\])"),
     _to("plgpu.Barrier(num_arrivals=4)")),

    # ============================================================ jax_load_store_wgmma_transposed
    # ? a 128-byte swizzle over 64 f32 columns.
    ("swizzle_tiling.fh14_lswT_swizzle_128", C(r"(default_transforms\(swizzle=)(64)(, dtype=jnp\.float32\))"), _to("128")),
    # core.py:1390 "Swizzle 16 is not supported".
    ("swizzle_tiling.fh14_lswT_swizzle_16", C(r"(default_transforms\(swizzle=)(64)(, dtype=jnp\.float32\))"), _to("16")),
    # ? the .T view read in the plain WGMMA layout.
    ("layout_unsupported.fh14_lswT_layout_wgmma", C(r"(layout=plgpu\.Layout\.)(WGMMA_TRANSPOSED)(\))"), _to("WGMMA")),
    # primitives.py:896 (TMA destination shape) a 4-row buffer.
    ("copy_tma.fh14_lswT_smem_rows_4", C(r"(plgpu\.SMEM\(\()(8)(, 64\), jnp\.float32, transforms=transforms\))"), _to("4")),
    # (a (64, 8) value stored into the (8, 64) buffer) the store without .T.
    ("ref_store.fh14_lswT_store_untransposed", C(r"^(\s+)(x_smem\.T)(\[\.\.\.\] = x \+ 1)"), _to("x_smem")),
    # ? the tiling computed for f16 over an f32 buffer.
    ("swizzle_tiling.fh14_lswT_transforms_f16", C(r"(default_transforms\(swizzle=64, dtype=jnp\.)(float32)(\))"), _to("float16")),

    # ============================================================ jax_scoped_copy_with_transforms
    # ? a 64-byte swizzle for the scratch and output (16-column tiles).
    ("swizzle_tiling.fh14_scopedT_swizzle_64", C(r"^(ts = default_transforms\()(dtype=jnp\.float32\))()"), _to("swizzle=64, dtype=jnp.float32)")),
    # primitives.py:896 (TMA destination shape) a 64-row scoped buffer.
    ("copy_tma.fh14_scopedT_rows_64", C(r"(plgpu\.SMEM\(\()(128)(, 64\), jnp\.float32, transforms=ts\))"), _to("64")),
    # (an SMEM input block: a TMA load from SMEM) the input spec in SMEM.
    ("copy_tma.fh14_scopedT_in_smem", C(r"^(in_spec = pl\.BlockSpec\(memory_space=plgpu\.)(GMEM)(\))"), _to("SMEM")),
    # ? the output left in GMEM (a GMEM store of a tiled value).
    ("ref_store.fh14_scopedT_out_gmem", C(r"^(out_spec = plgpu\.BlockSpec\(transforms=ts, memory_space=plgpu\.)(SMEM)(\))"), _to("GMEM")),
    # (an int32 value stored into an f32 output block) the doubled tile cast to int32.
    ("ref_store.fh14_scopedT_int_store", C(r"(o_ref\[\.\.\.\] = )(tmp_ref\[\.\.\.\] \* 2)()"), _to("(tmp_ref[...] * 2).astype(jnp.int32)")),
    # (the kernel takes a barrier that is not allocated) no scratch.
    ("kernel_args.fh14_scopedT_no_scratch", C(r"(scratch_shapes=)(\[plgpu\.Barrier\(\)\])(,)"), _to("[]")),

    # ============================================================ jax_multimem_store_tma
    # primitives.py:510 (collective_axes must cover the mesh axes) a multicast over 'y'.
    ("shard_map_axis_names_subset.fh14_mmtma_axis_y", C(r"(plgpu\.multicast_ref\(y_ref, ')(x)('\))"), _to("y")),
    # lowering.py:4640 "Failed to infer the output layout of the iota".
    ("layout_missing.fh14_mmtma_no_layout_cast",
     C(r"(output = )(plgpu\.layout_cast\(lax\.broadcasted_iota\(jnp\.int32, \(128, 128\), 1\), plgpu\.Layout\.WGMMA\))()"),
     _to("lax.broadcasted_iota(jnp.int32, (128, 128), 1)")),
    # (an f32 value stored into an int32 buffer).
    ("ref_store.fh14_mmtma_iota_f32", C(r"(broadcasted_iota\(jnp\.)(int32)(, \(128, 128\), 1\), plgpu\.Layout\.WGMMA)"), _to("float32")),
    # (a (128, 128) value stored into a 64-row buffer).
    ("ref_store.fh14_mmtma_smem_rows_64", C(r"(plgpu\.SMEM\(\()(128)(, 128\), jnp\.int32, transforms=transforms\))"), _to("64")),
    # ? an untransformed buffer.
    ("swizzle_tiling.fh14_mmtma_no_transforms", C(r"(plgpu\.SMEM\(\(128, 128\), jnp\.int32, transforms=)(transforms)(\))"), _to("()")),
    # (expected clean) a plain TMA store to the local output.
    ("copy_tma.fh14_mmtma_no_multicast", C(r"(plgpu\.copy_smem_to_gmem\(smem_ref, )(plgpu\.multicast_ref\(y_ref, 'x'\))(\))"), _to("y_ref")),

    # ============================================================ jax_semaphore_signal_collective_axes
    # primitives.py:6010 (collective_axes must equal the mesh axes) 'y'.
    ("shard_map_axis_names_subset.fh14_semca_axis_y", C(r"(collective_axes=')(x)(')"), _to("y")),
    # ? the multicast on the whole semaphore array.
    ("barrier.fh14_semca_whole_array", C(r"(plgpu\.semaphore_signal_multicast\()(sem\.at\[0\])(, )"), _to("sem")),
    # ? a float wait count.
    ("barrier.fh14_semca_wait_float", C(r"(pl\.semaphore_wait\(sem\.at\[0\], )(2)(\))"), _to("2.0")),
    # ? a read of index 2 of two semaphores.
    ("barrier.fh14_semca_read_oob", C(r"(pl\.semaphore_read\(sem\.at\[)(1)(\]\))"), _to("2")),
    # (an index into a scalar semaphore) a single semaphore.
    ("kernel_args.fh14_semca_scalar_sem", C(r"(plgpu\.SemaphoreType\.REGULAR)(\(\(2,\)\))(\])"), _to("")),
    # (an int32 semaphore value stored into an f32 output).
    ("ref_store.fh14_semca_read_f32", C(r"(jax\.ShapeDtypeStruct\(\(2,\), jnp\.)(int32)(\),)"), _to("float32")),

    # ============================================================ generic
    # primitives.py:1121 "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs".
    ("copy_tma.fh14_load_without_barrier", C(r"(plgpu\.copy_gmem_to_smem\(x_gmem(?:\.at\[rows\])?, (?:smem|x_smem|in_smem))(, (?:bar|x_bar))(\))"),
     _to("")),
    # (expected clean: waits are not checked) the barrier wait removed.
    ("barrier.fh14_barrier_wait_dropped", C(r"^(\s+)(plgpu\.barrier_wait\((?:bar|barrier_ref|loaded)\))()(?=\s*$)"), _to("pass")),
    # (expected clean?) the final wait for the TMA store removed.
    ("copy_tma.fh14_wait_store_dropped", C(r"^(\s+)(plgpu\.wait_smem_to_gmem\(0\))()(?=\s*$)"), _to("pass")),
    # (expected clean?) the SMEM fence before a TMA store removed.
    ("copy_tma.fh14_commit_smem_dropped", C(r"^(\s+)(plgpu\.commit_smem\(\))()(?=\s*$)"), _to("pass")),
    # ? Warpgroup semantics for a Lane kernel.
    ("compiler_params.fh14_semantics_warpgroup", C(r"(plgpu\.LoweringSemantics\.)(Lane)(\))"), _to("Warpgroup")),
    # primitives.py:3544 "n must be a positive multiple of 8": memory_registers 44.
    ("pipeline.fh14_memory_registers_44", C(r"(memory_registers=)(40)(,)"), _to("44")),
)


def famheld14_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line ranges;
    None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line docstring) is never
    edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
