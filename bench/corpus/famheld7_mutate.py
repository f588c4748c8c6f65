"""One-edit mutations for the seventh held-out families corpus `famheld7` (issue 27), written blind from
JAX's own checks (the `raise` / `assert` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,
pipeline}.py, jax/_src/pallas/core.py, jax/experimental/mosaic/gpu/{core,launch_context,wgmma,tcgen05,
utils}.py and the ops kernels' own argument checks in jax/experimental/pallas/ops/gpu/*.py, of JAX 0.12.0.1,
each cited at its operator as file:line) and nothing else: the checker was not read, and the earlier sets'
operators (mutate.py, family_mutate.py, famheld_mutate.py ... famheld6_mutate.py, issue25_mutate.py) only to
choose other names and other edits than theirs.

The bases (build_famheld7.py) are drivers of JAX's ops/gpu kernels (a TuningConfig written field by field,
the problem's shapes and dtypes, a mesh and an axis constant), JAX's tests (RefUnion scratch, a plgpu.kernel
over grid / cluster / threads under shard_map, the Blackwell matmul / ragged dot tests) and the collective
matmul page's cell. So the operators edit the values a user of those kernels writes: a tile, an epilogue
tile, a stage count, a grid tiling width, the warpgroup / cluster dimension, the CTA pair flag, a dtype,
group sizes, a vector width, a tile size, a gather / scatter dimension, a reduction, the mesh's devices, the
axis constant, a BlockSpec's block, a cluster tuple, a thread count or name.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX, and a mutant that
still lowers is a clean negative.
"""

from __future__ import annotations

import re

from famheld_mutate import Edit, Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to


def _scaled(factor: float, only: tuple[int, ...] = ()):
    """Group 2 (an int) times ``factor``; None when ``only`` is given and the value is not in it."""
    def edit(m: re.Match) -> str | None:
        value = int(m.group(2))
        if only and value not in only:
            return None
        new = int(value * factor)
        tail = m.group(3) if m.re.groups >= 3 and m.group(3) is not None else ""
        return None if new == value else f"{m.group(1)}{new}{tail}"
    return edit


def _kw(name: str, value: str = r"\d+") -> re.Pattern:
    """``name=VALUE`` as a keyword or a field of a config call (group 2 the value)."""
    return re.compile(rf"(\b{name}\s*=\s*)({value})(\s*[,)\n])")


# ---------------------------------------------------------------- swizzle_tiling

# lowering.py:1932 "Minor tiling dimension does not fit swizzle" / mosaic_gpu/core.py:1403 "Swizzle {n}
# requires the trailing dimension to be of size ...": the ops pick their swizzle from tile_k's bytes; a
# 16-deep K tile of float16 is 32 bytes, under the 64-element tiling they keep.
TILE_K = _kw("tile_k", r"64|128")

# lowering.py:1932 again (ragged dots): the K block 32 (64 bytes of float16 under a 128-byte swizzle).
BLOCK_K = _kw("block_k", r"64|128")

# ---------------------------------------------------------------- copy_tma

# all_gather_mgpu.py:104 / reduce_scatter_mgpu.py:119 (the tile must hold the minimum transfer) and
# launch_context.py:1922 (<= 256 elements per TMA dimension): the collective's tile_size cut to 64.
TILE_SIZE = _kw("tile_size")

# launch_context.py:1922 "Async copies only support copying <=256 elements along each dimension": the
# Blackwell epilogue's TMA store 512 columns wide.
EPILOGUE_N = _kw("epilogue_tile_n")

# hopper_mixed_type_matmul_mgpu.py:94 / collective_matmul_mgpu.py:85 "tile_m must be divisible by
# epi_tile_m" (and the epilogue's SMEM window in hopper_matmul_mgpu): the epilogue's rows doubled past the
# tile.
EPI_TILE_M = _kw("epi_tile_m")

# hopper_matmul_mgpu.py:86 "m must be divisible by {cluster_tile_m}" / blackwell_matmul_mgpu.py:84: the
# problem's M given a ragged tail of 32 rows.
PROBLEM_M = re.compile(r"^(\s*(?:m|m_shard), (?:k, n|k, n, num_groups|n_shard, k) = )(\d+)(,)", re.M)

# ---------------------------------------------------------------- wgmma_mma

# mosaic/gpu/wgmma.py:69 "WGMMA requires m and n to be multiples of 64 and 8": a Hopper tile's M of 16.
HOPPER_TILE_M = _kw("tile_m", r"64")

# hopper_matmul_mgpu.py:67 (assert b_gmem.dtype == dtype) / ragged_dot_mgpu.py:107 / blackwell_matmul_mgpu.py:50
# "LHS and RHS have incompatible dtypes": the first operand's input built in float32.
LHS_INPUT = re.compile(r"^(\s*(?:a|lhs|q) = jnp\.ones\([^\n]*?jnp\.)(float16|bfloat16)(\))", re.M)

# hopper_matmul_mgpu.py:86 / :88 (cluster tile divisibility) and wgmma's tiles: the warpgroups' dimension
# flipped (N <-> M).
WG_DIMENSION = re.compile(r"(\bwg_dimension\s*=\s*[\w.]*MatmulDimension\.)(M|N)(\b)")

# hopper_mixed_type_matmul_mgpu.py:78 (NotImplementedError for the narrow operand) / wgmma.py:135
# "Unsupported wgmma types": the int8 operand of the mixed matmul made int4.
MIXED_INT = re.compile(r"^(\s*a = jnp\.ones\([^\n]*?jnp\.)(int8)(\))", re.M)

# ---------------------------------------------------------------- barrier

# attention_mgpu.py:58 "max_concurrent_steps must be at least 2" / mosaic_gpu/core.py:1721 (a barrier
# array per stage: "Num arrivals must be at least 1" for an empty ring): the stage count 0.
STAGES = _kw("max_concurrent_steps", r"[2-9]")

# The schedule barrier of attention (primitives.py barrier_arrive / barrier_wait over the compute
# warpgroups) switched on or off where the config names it.
SCHEDULE_BARRIER = _kw("use_schedule_barrier", r"True|False")

# ---------------------------------------------------------------- pipeline

# pipeline.py:299 emit_pipeline's grid / ragged_dot_mgpu's N blocking (n must split into grid_block_n
# blocks of block_n): sixteen N blocks per grid step.
GRID_BLOCK_N = _kw("grid_block_n")

# mosaic/gpu/core.py:807 "Mosaic GPU kernel exceeds available shared memory": eight pipeline stages.
STAGES_EIGHT = _kw("max_concurrent_steps", r"[2-4]")

# The planar-snake grid tiling (plgpu.planar_snake / the ops' grid math divides by the width): width 0.
GRID_TILE_WIDTH = _kw("grid_tile_width")

# attention_mgpu.py:105 "kv_seq_len must be a multiple of block_kv": the KV block 192.
BLOCK_KV = _kw("block_kv", r"64|128")

# ---------------------------------------------------------------- kernel_mesh_config

# mosaic/gpu/core.py:811-816 (cluster shape; the grid must divide by the cluster) and the hardware's 16-block
# cluster limit: a cluster tuple's first entry quadrupled.
CLUSTER_TUPLE = re.compile(r"^(\s*cluster = \()(\d+)(, \d+\))", re.M)

# mosaic_gpu/core.py:1875 Mesh "Requested too many CUDA threads per block" / a mesh of no thread: the thread
# count variable 0.
NUM_THREADS_VAR = re.compile(r"^(\s*num_threads = )(\d+)()$", re.M)

# jax/_src/core.py:1377 "unbound axis name" / lowering's axis lookup: the thread axis named like a grid axis.
THREAD_NAME_VAR = re.compile(r"^(\s*thread_name = )('\w+')()$", re.M)

# hopper_matmul_mgpu.py:86 / :88 (the cluster tile must divide the problem): the cluster dimension flipped.
CLUSTER_DIMENSION = re.compile(r"(\bcluster_dimension\s*=\s*[\w.]*MatmulDimension\.)(M|N)(\b)")

# ---------------------------------------------------------------- register_layouts

# mosaic/gpu/utils.py:441 "Only 32-, 64- and 128-bit loads are supported" / all_gather_mgpu.py:81
# "Integer types only support vec_size=1": the collective's vector width doubled.
VEC_SIZE = _kw("vec_size", r"[1-8]")

# The WGMMA accumulator's epilogue (fragmented_array stores into the epilogue's SMEM tile, 8-column
# tiling): the epilogue's columns 8.
EPI_TILE_N = _kw("epi_tile_n")

# ---------------------------------------------------------------- blockspec_grid_aliases

# lowering.py:698 "Mosaic GPU lowering currently requires blocks in GMEM memory space to have same block
# shape as the array shape": a GMEM output spec's block halved.
GMEM_BLOCK = re.compile(r"(pl\.BlockSpec\(\()(\d+)(,\), memory_space=plgpu\.GMEM\))")

# pallas/core.py:682 (the block and its index map) / the block's shape checks: an input block doubled past
# its array.
IN_BLOCK = re.compile(r"(\bin_specs=\[pl\.BlockSpec\(\()(\d+)(,\)\)\])")

# jax.shard_map's in_specs: the sharded dimension moved (P(AXIS) -> P(None, AXIS) and back).
SHARD_SPEC = re.compile(r"(\bin_specs\s*=\s*)(P\(AXIS\)|P\(None, AXIS\))()")

# ---------------------------------------------------------------- ops_dtypes

# reduce_scatter_mgpu.py's Literal reduction / mosaic/gpu/utils.py:474 "Unsupported reduction operation":
# the reduction named "mul".
REDUCTION = re.compile(r"(\breduction\s*=\s*\")(add|min|max)(\")")

# jax/_src/state/primitives.py swap dtype / primitives.py copy "Expected dtypes to match": the sub-byte
# output declared signed.
SUBBYTE_OUT = re.compile(r"(ShapeDtypeStruct\(\[\d+\], jnp\.)(uint4)(\))")

# primitives.py copy_smem_to_gmem "Expected dtypes to match" (the union member copied to a float output):
# a RefUnion member's dtype int8.
UNION_MEMBER = re.compile(r"(plgpu\.RefUnion\(plgpu\.SMEM\(\(\d+, \d+\), jnp\.)(float32|float16)(\))")

# attention_mgpu.py:91 "q, k, and v should all have the same dtype": the keys built in bfloat16.
KEY_DTYPE = re.compile(r"^(\s*k = jnp\.ones\([^\n]*?jnp\.)(float16)(\))", re.M)

# ragged_dot_mgpu.py's group-size loads (SMEM / registers of int32): the group sizes built int16.
GROUP_DTYPE = re.compile(r"(group_sizes = jnp\.array\(\[[^\]]*\], jnp\.)(int32)(\))")

# The mixed matmul's out_dtype (its epilogue casts the float32 accumulator): float32.
OUT_DTYPE = re.compile(r"(\bout_dtype=jnp\.)(float16|bfloat16)(\b)")

# ---------------------------------------------------------------- compiler_params

# lowering.py's Lane semantics (layout inference only under Warpgroup): a plgpu.kernel's interpret flag
# replaced by Lane compiler params.
INTERPRET_FALSE = re.compile(r"()(interpret=False)()")

# ---------------------------------------------------------------- collectives

# primitives.py:5750 / :5811 "Only collective_axes that include all JAX device mesh ... axes are
# supported" (a string axis is a set of its letters): the mesh's axis constant renamed "dev".
AXIS_CONST = re.compile(r"^(AXIS = \")(\w+)(\")$", re.M)

# reduce_scatter_mgpu.py:69 / all_gather_mgpu.py:92 (the scattered / gathered dimension must split over
# the devices): a mesh of three devices.
MESH_DEVICES = re.compile(r"(np\.array\(jax\.devices\(\)\[:)(\d)(\]\))")

# jax/_src/core.py:1377 "unbound axis name": the op's axis_name keyword naming no mesh axis.
AXIS_NAME_KW = re.compile(r"(\baxis_name\s*=\s*)(\"x\")()")

# all_gather_mgpu.py:60 "gather_dimension out of range" / reduce_scatter_mgpu.py:69: the dimension 2 of a
# 2-D array.
GATHER_DIM = re.compile(r"(\b(?:gather|scatter)_dimension\s*=\s*)(\d)()")

# ---------------------------------------------------------------- control_flow

# The kernel's index arithmetic (ref indexing needs integers: jax/_src/state/indexing.py, lowering's
# index casts): the flat thread id seeded as a float.
FLAT_SEED = re.compile(r"(\bflat_thread_id = jnp\.)(int32)(\(0\))")

# The ragged ops' per-group loops (lax.fori_loop / pl.when over group boundaries): a group's size off by
# 32 so the sizes no longer add up to M (a run-time mismatch, no lowering check).
GROUP_SIZES = re.compile(r"(group_sizes = jnp\.array\(\[)(\d+)(,)")

# attention_mgpu.py:76 / :311 (causal masking and its q_seq_len multiple of 2 * block_q): the causal flag
# switched.
CAUSAL = _kw("causal", r"True|False")

# ---------------------------------------------------------------- tmem

# mosaic/gpu/tcgen05.py:104 "N must be a multiple of 8 and <= 256" / tcgen05.py:945 "... exceeding the
# limit of 512" (the accumulator's TMEM columns): a Blackwell tile_n of 256 doubled.
BW_TILE_N = _kw("tile_n", r"256")

# mosaic/gpu/tcgen05.py:314 "Only M=128 and M=64 are supported for MMA" (TMEM has 128 lanes): a Blackwell
# tile_m of 128 doubled.
BW_TILE_M = re.compile(r"(\btile_m\s*=\s*)(128)(\s*[,)\n])")

# ---------------------------------------------------------------- tcgen05_mma

# blackwell_matmul_mgpu.py / blackwell_ragged_dot_mgpu.py (the CTA pair's cluster axis "x" and the
# collective MMA's M of 256; core.py: unbound axis for a pair kernel launched without its cluster): the
# collective flag flipped.
COLLECTIVE = _kw("collective", r"True|False")

# tcgen05.py:314 / the ops' swizzle (tile_k * itemsize must fit 128 bytes): a Blackwell K tile of 256.
BW_TILE_K = re.compile(r"(\btile_k\s*=\s*)(128)(\s*[,)\n])")


# The operators whose check is a Blackwell one (TMEM, tcgen05): a Hopper base's tile_m=128 / tile_k=128 is
# another family's edit.
BLACKWELL_ONLY = ("tmem.", "tcgen05_mma.")


def _flip(a: str, b: str):
    def edit(m: re.Match) -> str:
        tail = m.group(3) if m.re.groups >= 3 and m.group(3) is not None else ""
        return f"{m.group(1)}{b if m.group(2) == a else a}{tail}"
    return edit


EDITS: tuple[Edit, ...] = (
    ("swizzle_tiling.config_tile_k_sixteen", TILE_K, _to("16")),
    ("swizzle_tiling.ragged_block_k_thirty_two", BLOCK_K, _to("32")),
    ("copy_tma.collective_tile_size_64", TILE_SIZE, _to("64")),
    ("copy_tma.epilogue_store_512_wide", EPILOGUE_N, _to("512")),
    ("copy_tma.epi_tile_m_past_tile", EPI_TILE_M, _scaled(4)),
    ("copy_tma.problem_m_ragged_tail", PROBLEM_M, lambda m: f"{m.group(1)}{int(m.group(2)) - 32}{m.group(3)}"),
    ("wgmma_mma.hopper_tile_m_sixteen", HOPPER_TILE_M, _to("16")),
    ("wgmma_mma.lhs_input_float32", LHS_INPUT, _to("float32")),
    ("wgmma_mma.wg_dimension_flipped", WG_DIMENSION, _flip("M", "N")),
    ("wgmma_mma.mixed_operand_int4", MIXED_INT, _to("int4")),
    ("barrier.stage_ring_empty", STAGES, _to("0")),
    ("barrier.schedule_barrier_flipped", SCHEDULE_BARRIER, _flip("True", "False")),
    ("pipeline.grid_block_n_sixteen", GRID_BLOCK_N, _to("16")),
    ("pipeline.stages_eight_smem", STAGES_EIGHT, _to("8")),
    ("pipeline.grid_tile_width_zero", GRID_TILE_WIDTH, _to("0")),
    ("pipeline.block_kv_off_sequence", BLOCK_KV, _to("192")),
    ("kernel_mesh_config.cluster_tuple_quadrupled", CLUSTER_TUPLE, _scaled(4)),
    ("kernel_mesh_config.thread_count_var_zero", NUM_THREADS_VAR, _to("0")),
    ("kernel_mesh_config.thread_name_as_grid_axis", THREAD_NAME_VAR, _to("'g0'")),
    ("kernel_mesh_config.cluster_dimension_flipped", CLUSTER_DIMENSION, _flip("M", "N")),
    ("register_layouts.collective_vec_doubled", VEC_SIZE, _scaled(2)),
    ("register_layouts.epilogue_cols_eight", EPI_TILE_N, _to("8")),
    ("blockspec_grid_aliases.gmem_out_block_halved", GMEM_BLOCK, _scaled(0.5)),
    ("blockspec_grid_aliases.in_block_doubled", IN_BLOCK, _scaled(2)),
    ("blockspec_grid_aliases.shard_spec_dim_moved", SHARD_SPEC,
     lambda m: f"{m.group(1)}{'P(None, AXIS)' if m.group(2) == 'P(AXIS)' else 'P(AXIS)'}"),
    ("ops_dtypes.reduction_named_mul", REDUCTION, _to("mul")),
    ("ops_dtypes.subbyte_out_signed", SUBBYTE_OUT, _to("int4")),
    ("ops_dtypes.union_member_int8", UNION_MEMBER, _to("int8")),
    ("ops_dtypes.keys_bfloat16", KEY_DTYPE, _to("bfloat16")),
    ("ops_dtypes.group_sizes_int16", GROUP_DTYPE, _to("int16")),
    ("ops_dtypes.mixed_out_float32", OUT_DTYPE, _to("float32")),
    ("compiler_params.interpret_flag_to_lane", INTERPRET_FALSE,
     _to("compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)")),
    ("compiler_params.interpret_flag_to_approx_math", INTERPRET_FALSE,
     _to("compiler_params=plgpu.CompilerParams(approx_math=True)")),
    ("collectives.axis_constant_multiletter", AXIS_CONST, _to("dev")),
    ("collectives.mesh_three_devices", MESH_DEVICES, _to("3")),
    ("collectives.op_axis_name_unbound", AXIS_NAME_KW, _to("\"y\"")),
    ("collectives.gather_dim_out_of_rank", GATHER_DIM, _to("2")),
    ("control_flow.flat_index_float_seed", FLAT_SEED, _to("float32")),
    ("control_flow.group_size_off_by_32", GROUP_SIZES, lambda m: f"{m.group(1)}{int(m.group(2)) + 32}{m.group(3)}"),
    ("control_flow.causal_flag_flipped", CAUSAL, _flip("True", "False")),
    ("tmem.blackwell_tile_n_512", BW_TILE_N, _to("512")),
    ("tmem.blackwell_tile_m_256", BW_TILE_M, _to("256")),
    ("tcgen05_mma.cta_pair_flipped", COLLECTIVE, _flip("True", "False")),
    ("tcgen05_mma.blackwell_tile_k_256", BW_TILE_K, _to("256")),
)


def famheld7_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive line
    ranges; None: the whole file). Each mutant still compiles as Python. Line 1 (a driver's one-line
    docstring) is never edited, and the Blackwell operators (tile sizes read as TMEM / tcgen05 limits) edit
    only Blackwell bases."""
    blackwell = "blackwell" in source or "tcgen05" in source.lower()
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")
            and (blackwell or not m.op.startswith(BLACKWELL_ONLY))]
