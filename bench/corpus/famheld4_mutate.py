"""One-edit mutations for the fourth held-out families corpus `famheld4` (issue 27), written from JAX's
own checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering}.py,
jax/_src/pallas/{core,pallas_call,helpers}.py and jax/_src/lax of 0.10.2 / 0.11.2 / 0.12.0.1, each cited
at its operator as file:function) and nothing else: the checker was not read, and the earlier sets'
operators (family_mutate.py, famheld_mutate.py, famheld2_mutate.py, famheld3_mutate.py) only to choose
other mistakes than theirs.

The bases are small kernels (element-wise ops, reductions, loops, cond, run_scoped, the profiler,
barriers over thread meshes, cluster kernels, TMEM loads, a ragged dot's configuration), so the
mistakes are the ones a kernel author makes while growing such a kernel: a swizzle or a tiling added
to an SMEM scratch without matching its minor dimension, a TMEM allocation given SMEM's transforms or
too many columns, a value cast to a register layout its shape cannot take, a grid added with a tiled
output but whole inputs, a GMEM block that is tiled, Triton's pl.program_id in a plgpu.kernel, a
cluster_names / grid_names written as a bare string (the missing trailing comma), a cluster larger
than a GPU launches, a ClusterBarrier over the thread axis, a barrier array used unindexed, more
Pallas threads than a block holds, an output whose shape or dtype differs from what is stored, a
reduction swapped for cumsum / argmax, a fori_loop carry that changes dtype, a while_loop predicate
that is not a scalar, cond branches of two dtypes, the profiler's dir without its space, a trace
scope written as a string, a ragged dot tiled with block sizes the MMA / swizzle cannot take.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX, and a mutant
that still lowers is a clean negative.
"""

from __future__ import annotations

import re

from famheld_mutate import Edit, Mutant, one_edit_mutants

ARGS = r"([^()]*(?:\((?:[^()]|\([^()]*\))*\)[^()]*)*)"  # call arguments, two levels of nested parentheses

# ---------------------------------------------------------------- swizzle_tiling


def _smem_transform_added(transform: str):
    # An SMEM scratch given a transform for TMA / MMA use, its shape left as it was:
    # core.py:SwizzleTransform.transform_type ("Swizzle 128 requires the trailing dimension to be of
    # size ..."), core.py:TilingTransform.transform_type (the tiled dims must divide),
    # lowering.py:_get_lowering_rule / _swap_lowering_rule ("Tiling without swizzle is not supported").
    def edit(m: re.Match) -> str | None:
        args = m.group(2)
        if "transforms" in args or not args.strip():
            return None
        return f"{m.group(1)}{args}, transforms=({transform},))"
    return edit


def _config_value(new_of: dict[int, int]):
    def edit(m: re.Match) -> str | None:
        new = new_of.get(int(m.group(2)))
        return None if new is None else f"{m.group(1)}{new}"
    return edit


# ---------------------------------------------------------------- tmem


def _tmem_transforms(m: re.Match) -> str | None:
    # core.py:MemorySpace.__call__: "transforms are not supported for TMEM" (an SMEM allocation's
    # transforms copied onto the TMEM one beside it).
    args = m.group(2)
    if "transforms" in args:
        return None
    return f"{m.group(1)}{args}, transforms=(plgpu.TilingTransform((8, 32)),))"


def _tmem_wide(m: re.Match) -> str | None:
    # lowering.py:_run_scoped_resource_estimator / lower_jaxpr_to_module (TMEM columns counted against
    # the 512 a block has) and mosaic/gpu/tcgen05.py's TMEM allocation checks: 1024 columns of float32.
    args = m.group(2)
    first = args.split(",")[0].strip()
    if not first or "packed" in args or "layout" in args:
        return None
    return f"{m.group(1)}(128, 1024){args[len(args.split(',')[0]):]})"


# ---------------------------------------------------------------- register_layouts


def _layout_cast(layout: str):
    # A stored value cast to a register layout its shape cannot take: primitives.py:layout_cast's
    # lowering (mosaic/gpu/fragmented_array.py: the shape must tile by the layout's tiling: WGMMA
    # needs rank 2 and 64-row tiles; the TCGEN05 layouts 128 rows).
    def edit(m: re.Match) -> str | None:
        value = m.group(2).strip()
        literal = ("plgpu.", "jnp.array(", "jnp.zeros(", "jnp.full(")
        if not value or value.startswith(literal) or value.isdigit():
            return None
        return f"{m.group(1)}plgpu.layout_cast({value}, {layout}){m.group(3)}"
    return edit


# ---------------------------------------------------------------- blockspec_grid_aliases


def _grid_with_tiled_out(memory_space: str):
    # A grid and a tiled output BlockSpec added to a whole-array pl.pallas_call, its inputs left whole:
    # lowering.py:lower_pipelined_jaxpr_to_module ("Mosaic GPU lowering currently requires blocks in
    # GMEM memory space to have same block shape as the array shape") for a GMEM block;
    # jax/_src/state/primitives.py:_swap_abstract_eval ("Invalid shape for `swap`") when the whole
    # input is stored into the half-size output block.
    def edit(m: re.Match) -> str | None:
        dims = [d.strip() for d in m.group(2).split(",") if d.strip()]
        if len(dims) != 1 or not dims[0].isdigit() or int(dims[0]) % 2:
            return None
        half = int(dims[0]) // 2
        space = f", memory_space={memory_space}" if memory_space else ""
        return (f"{m.group(0)} grid=(2,), out_specs=pl.BlockSpec(({half},), lambda i: (i,){space}),")
    return edit


# ---------------------------------------------------------------- kernel_mesh_config / cluster


def _names_as_string(m: re.Match) -> str:
    # core.py:Mesh.__post_init__: "grid_names must have the same length as grid" / "cluster_names must
    # have the same length as cluster" (a one-name tuple written without its trailing comma is a str).
    return f"{m.group(1)}{m.group(2)}{m.group(3)}"


def _cluster_barrier_on_threads(m: re.Match) -> str:
    # A Barrier swapped for a ClusterBarrier over the kernel's thread axis ('t', the name every
    # threaded base gives it): lowering.py:_resolve_cluster_axis ("Unknown cluster axis" / "No axis
    # names are available") and the cluster barrier lowering in primitives.py (collective_axes must
    # name cluster axes).
    args = m.group(2)
    return f"plgpu.ClusterBarrier(collective_axes=(\"t\",){', ' if args.strip() else ''}{args})"


# ---------------------------------------------------------------- ops_dtypes


def _out_dtype(m: re.Match) -> str | None:
    # jax/_src/state/primitives.py:_swap_abstract_eval: "Invalid dtype for `swap`" (the output declared
    # in a narrower dtype than the kernel stores).
    new = {"float32": "bfloat16", "int32": "int16", "uint32": "uint8"}.get(m.group(2))
    return None if new is None else f"{m.group(1)}{new}{m.group(3)}"


def _out_shape_reshaped(m: re.Match) -> str | None:
    # jax/_src/state/primitives.py:_swap_abstract_eval: "Invalid shape for `swap`" (the output declared
    # 2-D where the kernel stores a 1-D value).
    dims = [d.strip() for d in m.group(2).split(",") if d.strip()]
    if len(dims) != 1 or not dims[0].isdigit() or int(dims[0]) < 32:
        return None
    n = int(dims[0])
    return f"{m.group(1)}{n // 16}, 16{m.group(3)}"


# ---------------------------------------------------------------- control_flow


def _fori_carry_float(m: re.Match) -> str:
    # jax/_src/lax/control_flow/loops.py:fori_loop / _check_carry_type: "body_fun output and input must
    # have identical types" (an int carry stepped by a float).
    return f"{m.group(1)}{m.group(2)} * 0.5"


# ---------------------------------------------------------------- compiler_params


def _profile_dir_only(m: re.Match) -> str:
    # core.py:CompilerParams.__post_init__: "Either both profile_space and profile_dir must be set, or
    # neither." (the space dropped, the directory kept).
    return ""


EDITS: tuple[Edit, ...] = (
    # swizzle_tiling
    ("swizzle_tiling.smem_swizzle_added", re.compile(r"(plgpu\.SMEM\()" + ARGS + r"\)"),
     _smem_transform_added("plgpu.SwizzleTransform(128)")),
    ("swizzle_tiling.smem_tiling_added", re.compile(r"(plgpu\.SMEM\()" + ARGS + r"\)"),
     _smem_transform_added("plgpu.TilingTransform((8, 32))")),
    # A ragged dot's K block that no swizzle fits (48 float16 = 96 bytes): mosaic/gpu's swizzle choice
    # and wgmma.py's tiling checks, through the op's own plgpu.SwizzleTransform (core.py:
    # SwizzleTransform.__post_init__ "Swizzle 96 is not supported").
    ("swizzle_tiling.block_k_unaligned", re.compile(r"(\bblock_k\s*=\s*)(\d+)\b"),
     _config_value({64: 48, 128: 96})),
    # tmem
    ("tmem.smem_transforms", re.compile(r"(plgpu\.TMEM\()" + ARGS + r"\)"), _tmem_transforms),
    ("tmem.columns_over_512", re.compile(r"(plgpu\.TMEM\()" + ARGS + r"\)"), _tmem_wide),
    # register_layouts
    ("register_layouts.cast_wgmma",
     re.compile(r"^(\s*\w+(?:\[[^\]]*\])\s*=\s*)(.+?)(\s*)$"), _layout_cast("plgpu.Layout.WGMMA")),
    ("register_layouts.cast_tcgen05",
     re.compile(r"^(\s*\w+(?:\[[^\]]*\])\s*=\s*)(.+?)(\s*)$"), _layout_cast("plgpu.Layout.TCGEN05")),
    # blockspec_grid_aliases
    ("blockspec_grid_aliases.grid_tiled_out_whole_in",
     re.compile(r"(\bout_shape\s*=\s*jax\.ShapeDtypeStruct\(\s*[\[(])([^\])]*)[\])][^()]*\),"),
     _grid_with_tiled_out("")),
    ("blockspec_grid_aliases.gmem_block_tiled",
     re.compile(r"(\bout_shape\s*=\s*jax\.ShapeDtypeStruct\(\s*[\[(])([^\])]*)[\])][^()]*\),"),
     _grid_with_tiled_out("plgpu.GMEM")),
    # lowering.py:_program_id_lowering_rule: "pl.program_id() is not supported in this context" (Triton's
    # grid index in a plgpu.kernel whose grid is named).
    ("blockspec_grid_aliases.program_id_for_axis_index",
     re.compile(r"\b(?:jax\.)?lax\.axis_index\(\s*[\"'](?!t['\"]|warp|wg|c\d?['\"])\w+[\"']\s*\)"),
     lambda m: "pl.program_id(0)"),
    # kernel_mesh_config
    ("kernel_mesh_config.grid_names_string", re.compile(r"(\bgrid_names\s*=\s*)\((['\"]\w{2,}['\"]),\)()"),
     _names_as_string),
    # core.py:Mesh.__post_init__: "Requested too many CUDA threads per block. Each Mosaic thread
    # corresponds to 128 CUDA threads."
    ("kernel_mesh_config.threads_over_limit", re.compile(r"(\bnum_threads\s*=\s*)([1-4])\b(?!\s*\*)"),
     lambda m: f"{m.group(1)}16"),
    # cluster_collective
    ("cluster_collective.cluster_names_string",
     re.compile(r"(\bcluster_names\s*=\s*)\((['\"]\w{2,}['\"]),\)()"), _names_as_string),
    # A cluster larger than any GPU launches (16 blocks is the non-portable maximum, 8 portable):
    # mosaic/gpu/core.py's launch (cluster size checked against the grid and the hardware limit) and
    # lowering.py (the grid must be divisible by the cluster).
    ("cluster_collective.cluster_oversized", re.compile(r"(\bcluster\s*=\s*)\((\d),\)"),
     lambda m: f"{m.group(1)}(32,)"),
    ("cluster_collective.cluster_barrier_on_threads", re.compile(r"(plgpu\.Barrier\()" + ARGS + r"\)"),
     _cluster_barrier_on_threads),
    # barrier
    # A barrier array waited on / arrived at without its index (primitives.py:_get_barrier_base_index,
    # _barrier_wait_abstract_eval: the ref's shape is the array's).
    ("barrier.array_unindexed",
     re.compile(r"(plgpu\.barrier_(?:wait|arrive)\(\s*\w+)\.at\[[^\]]*\]"), lambda m: m.group(1)),
    # ops_dtypes
    ("ops_dtypes.out_dtype_narrowed",
     re.compile(r"(\bout_(?:shape|type)\s*=\s*jax\.ShapeDtypeStruct\([^()]*?jnp\.)(float32|int32|uint32)(\s*\))"),
     _out_dtype),
    ("ops_dtypes.out_shape_reshaped",
     re.compile(r"(\bout_(?:shape|type)\s*=\s*jax\.ShapeDtypeStruct\(\s*[\[(])([^\])]*)([\])])"),
     _out_shape_reshaped),
    # lowering.py:lower_jaxpr_to_mosaic_gpu: "Unimplemented primitive in Pallas Mosaic GPU lowering:
    # cumsum" / "argmax" (no rule in 0.10.2, 0.11.2 or 0.12.0.1's mosaic_lowering_rules).
    ("ops_dtypes.cumsum_for_sum", re.compile(r"\bjnp\.sum\("), lambda m: "jnp.cumsum("),
    ("ops_dtypes.argmax_for_max", re.compile(r"\bop=jnp\.max\b"), lambda m: "op=jnp.argmax"),
    # The same for a unary op the lowering lacks (cbrt), in place of one it has.
    ("ops_dtypes.cbrt_for_unary", re.compile(r"\b(op=)lax\.(?:neg|exp|tanh|log|rsqrt|logistic)\b"),
     lambda m: f"{m.group(1)}lax.cbrt"),
    # control_flow
    ("control_flow.fori_carry_float", re.compile(r"(\blambda\s+\w+,\s*\w+:\s*)(\w+\s*\+\s*\w+)(?=\s*,)"),
     _fori_carry_float),
    # jax/_src/lax/control_flow/loops.py:_while_loop / _check_tree: "cond_fun must return a boolean
    # scalar, but got output type(s) [ShapedArray(bool[128])]".
    ("control_flow.while_pred_not_scalar", re.compile(r"(\breturn\s+)_sum_same_dtype\((\w+)\)(\s*<)"),
     lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)}"),
    # jax/_src/lax/control_flow/conditionals.py:_cond: "true_fun and false_fun output must have identical
    # types" (one branch an int32, the other a float32).
    ("control_flow.cond_branch_int", re.compile(r"(\blambda:\s*)(scale_one|\w+_one)\b"),
     lambda m: f"{m.group(1)}jnp.int32(1)"),
    # compiler_params
    ("compiler_params.profile_dir_only", re.compile(r"\bprofile_space\s*=\s*\d+,\s*(?=profile_dir)"),
     _profile_dir_only),
    # lowering.py:lower_jaxpr_to_module: "Unsupported trace scope" (the enum written as its name).
    ("compiler_params.trace_scope_string",
     re.compile(r"(\bprofile_trace_scope\s*=\s*)plgpu\.TraceScope\.(\w+)"),
     lambda m: f"{m.group(1)}\"{m.group(2).lower()}\""),
    # pipeline: a ragged dot's N grid blocking that does not divide its N tiles (ragged_dot_mgpu's
    # emit_pipeline grid; pipeline.py's grid and index map checks).
    ("pipeline.grid_block_n_odd", re.compile(r"(\bgrid_block_n\s*=\s*)(\d+)\b"), _config_value({2: 3, 4: 3})),
    # copy_tma: primitives.py:_copy_smem_to_gmem_abstract_eval: "Expected shapes to match, but src has
    # shape ... and dst has shape ..." (the copy's source sliced to its first rows).
    ("copy_tma.smem_src_rows_sliced", re.compile(r"(plgpu\.copy_smem_to_gmem\(\s*\w+)(\s*,)"),
     lambda m: f"{m.group(1)}.at[:32]{m.group(2)}"),
    # wgmma_mma: a ragged dot's M / N block the MMA cannot take (wgmma.py: M is 64 per warpgroup, N a
    # multiple of 8 up to 256 that fits the swizzle; the op's own tile asserts).
    ("wgmma_mma.block_m_small", re.compile(r"(\bblock_m\s*=\s*)(\d+)\b"), _config_value({64: 32, 128: 96})),
    ("wgmma_mma.block_n_unaligned", re.compile(r"(\bblock_n\s*=\s*)(\d+)\b"),
     _config_value({64: 40, 128: 120})),
)


def famheld4_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python."""
    return one_edit_mutants(source, EDITS, within)
