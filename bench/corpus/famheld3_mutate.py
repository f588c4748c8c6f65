"""One-edit mutations for the third held-out families corpus `famheld3` (issue 27), written from JAX's
own checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py of
0.10.2 / 0.11.2 / 0.12.0.1, each cited at its operator as file:function) and nothing else: the
checker was not read, and the earlier sets' operators (family_mutate.py, famheld_mutate.py,
famheld2_mutate.py) only to leave alone the checks they already provoke.

Each operator is one edit on one line, the value edited where it is written, a mistake a kernel author
plausibly makes on these bases (Blackwell tcgen05 / TMEM kernels, cluster-collective copies, warp-level
code, pipelines): a swizzle that is valid but no longer fits its tiling, a tiling whose major dimension
is not 8, a tiling left out beside its swizzle; a leader-tracked copy that lost its collective axes, a
partitioned copy split along the other axis, a transposed copy destination; an accumulator allocated in
SMEM or as float16, MMA operands swapped or transposed, a collective MMA that lost its collective_axis or
its collective TMEM, a TMEM load or store written as plain indexing; an MMA barrier without
orders_tensor_core, a cluster barrier with no arrivals; a pipeline spec with pipeline_mode / collective
axes / an index map that ignores the grid; a kernel whose cluster= was left out; a layout swapped for
Hopper's; a value rounded with an op the lowering lacks, a loop unrolled by a factor that does not
divide it; profiling switched on without a directory, TPU's dimension_semantics. Nothing here decides
whether a mutant fails: label.py lowers each one under real JAX, and a mutant that still lowers is a
clean negative.
"""

from __future__ import annotations

import re

from famheld_mutate import Edit, Mutant, one_edit_mutants

ARGS = r"([^()]*(?:\((?:[^()]|\([^()]*\))*\)[^()]*)*)"  # call arguments, two levels of nested parentheses
OPERAND = r"[\w.]+(?:\[[^\]]*\])?"  # a name, an attribute or one subscript: `a_smem`, `ref.at[i]`

# ---------------------------------------------------------------- swizzle_tiling


def _valid_swizzle_misfit(m: re.Match) -> str | None:
    # A swizzle Mosaic GPU accepts (32 / 64 / 128 bytes) but not the one the tiling was written for:
    # mosaic_gpu/lowering.py:_get_lowering_rule / _swap_lowering_rule ("Minor tiling dimension does not
    # fit swizzle"), mosaic_gpu/primitives.py:_tcgen05_mma_lowering ("MMA lhs tiling does not fit
    # swizzle"), mosaic_gpu/core.py:SwizzleTransform.transform_type (trailing dimension size).
    value = int(m.group(2))
    new = {128: 64, 64: 32, 32: 64}.get(value)
    return None if new is None else f"{m.group(1)}{new}{m.group(3)}"


def _tile_major(m: re.Match) -> str | None:
    # The tiling's major dimension 16 where MMA operands need 8: primitives.py:_tcgen05_mma_lowering
    # ("MMA lhs tiling does not fit swizzle. lhs_tiling=... expected=(8, swizzle_elems)").
    return None if m.group(2).strip() != "8" else f"{m.group(1)}16,"


# ---------------------------------------------------------------- copy_tma


def _leader_without_axes(m: re.Match) -> str:
    # primitives.py:copy_gmem_to_smem: "`collective_axes` must be specified when `leader_tracked` is set".
    return m.group(2)


def _partition_axis(m: re.Match) -> str:
    # primitives.py:_copy_gmem_to_smem_abstract_eval: "Expected source shape to be ..., but got ..."
    # (the partitioned source is split along the named axis).
    return f"{m.group(1)}{1 - int(m.group(2))})"


def _copy_dst_transposed(m: re.Match) -> str:
    # primitives.py:_copy_gmem_to_smem_abstract_eval ("Expected source shape to be ... but got") and
    # core.py:UnswizzleRef.commute_transpose ("Can't transpose the swizzled dimension").
    return f"{m.group(1)}plgpu.transpose_ref({m.group(2)}, (1, 0)){m.group(3)}"


# ---------------------------------------------------------------- MMA operands (tcgen05) and TMEM


def _mma_swapped(m: re.Match) -> str:
    # primitives.py:tcgen05_mma: "Accumulator and LHS have incompatible shapes" / "... RHS ..." /
    # "LHS and RHS have incompatible shapes".
    return f"{m.group(1)}{m.group(3)}{m.group(4)}{m.group(2)}{m.group(5)}"


def _mma_rhs_transposed(m: re.Match) -> str:
    # primitives.py:tcgen05_mma ("Accumulator and RHS have incompatible shapes") and
    # primitives.py:_tcgen05_mma_lowering (the transposed operand's tiling / swizzle).
    return f"{m.group(1)}plgpu.transpose_ref({m.group(2)}, (1, 0)){m.group(3)}"


def _drop_kwarg(m: re.Match) -> str:
    return ""


def _tmem_load_sync(m: re.Match) -> str | None:
    # lowering.py:_get_lowering_rule: "Loads from TMEM are asynchronous operations and cannot be
    # performed using the usual syntax. Please use plgpu.async_load_tmem instead."
    return f"{m.group(1)}[...]"


def _tmem_store_sync(m: re.Match) -> str:
    # lowering.py:_swap_lowering_rule: "Stores to TMEM are asynchronous operations and cannot be
    # performed using the usual syntax."
    return f"{m.group(1)}{m.group(2)}[...] = {m.group(3)}"


def _smem_collective(m: re.Match) -> str | None:
    # core.py:MemorySpace.__call__: "packed, collective and layout arguments are only supported for TMEM."
    args = m.group(2)
    if "collective" in args or "packed" in args or "layout" in args:
        return None
    return f"{m.group(1)}{args}, collective=True)"


# ---------------------------------------------------------------- barrier


def _cluster_barrier_no_arrivals(m: re.Match) -> str | None:
    # core.py:ClusterBarrier.__post_init__: "Num arrivals must be at least 1, but got 0".
    args = m.group(2)
    if "num_arrivals" in args:
        return m.group(1) + re.sub(r"num_arrivals\s*=\s*[^,)]+", "num_arrivals=0", args) + ")"
    return f"{m.group(1)}{args}, num_arrivals=0)" if args.strip() else None


# ---------------------------------------------------------------- pipeline


def _spec_kwarg(kwarg: str):
    def edit(m: re.Match) -> str | None:
        args = m.group(2)
        if kwarg.split("=")[0] in args or not args.strip():
            return None
        return f"{m.group(1)}{args}, {kwarg})"
    return edit


def _index_map_constant(m: re.Match) -> str | None:
    # pipeline.py:emit_pipeline_warp_specialized: "Only inputs with a dependency on the grid are
    # supported." (an index map that returns constants only).
    if "BlockSpec" not in m.string and "index_map" not in m.string:
        return None
    params = [p.strip() for p in m.group(2).split(",") if p.strip()]
    body = [b.strip() for b in m.group(3).split(",") if b.strip()]
    if not params or not body or all(b == "0" for b in body):
        return None
    if not any(re.search(rf"\b{re.escape(p)}\b", m.group(3)) for p in params):
        return None
    return f"{m.group(1)}{m.group(2)}: ({', '.join('0' for _ in body)}{',' if len(body) == 1 else ''})"


# ---------------------------------------------------------------- register layouts


def _layout_hopper(m: re.Match) -> str:
    # A Blackwell TMEM layout written as Hopper's: mosaic_gpu/primitives.py's async_load_tmem /
    # async_store_tmem lowering (the register layout must be one TMEM can be read in / written from)
    # and lowering.py:_layout_cast lowering (the layout_cast's target is checked against the value).
    return f"{m.group(1)}WGMMA"


# ---------------------------------------------------------------- ops and dtypes


def _floor_before_store(m: re.Match) -> str:
    # lowering.py:lower_jaxpr_to_mosaic_gpu: "Unimplemented primitive in Pallas Mosaic GPU lowering:
    # floor" (floor_p has no Mosaic GPU rule in 0.10.2, 0.11.2 or 0.12.0.1; checked in their
    # lowering.py's mosaic_lowering_rules).
    return f"{m.group(1)}jnp.floor({m.group(2)}){m.group(3) or ''}"


def _unroll_added(m: re.Match) -> str | None:
    # lowering.py:_scan_lowering_rule: "``unroll`` must divide ``length``, got unroll=3 and length=..."
    args = m.group(2)
    if "unroll" in args:
        return None
    return f"{m.group(1)}{args}, unroll=3)"


# ---------------------------------------------------------------- compiler params


def _profile_space_only(m: re.Match) -> str | None:
    # core.py:CompilerParams.__post_init__: "Either both profile_space and profile_dir must be set,
    # or neither."
    args = m.group(2)
    if "profile" in args:
        return None
    return f"{m.group(1)}profile_space=16{', ' if args.strip() else ''}{args})"


EDITS: tuple[Edit, ...] = (
    # swizzle_tiling
    ("swizzle_tiling.valid_swizzle_misfit", re.compile(r"(SwizzleTransform\(\s*)(\d+)(\s*\))"),
     _valid_swizzle_misfit),
    ("swizzle_tiling.valid_swizzle_misfit_kwarg", re.compile(r"(\bswizzle\s*=\s*)(\d+)(\b)"),
     _valid_swizzle_misfit),
    ("swizzle_tiling.tile_major", re.compile(r"(TilingTransform\(\(\s*)([^,()]+),"), _tile_major),
    # core.py:SwizzleTransform.transform_type ("Swizzle {n} requires the trailing dimension to be of
    # size ..."), primitives.py:_tcgen05_mma_lowering ("Unsupported transforms for LHS"): the tiling
    # left out of a (tiling, swizzle) pair.
    ("swizzle_tiling.tiling_dropped",
     re.compile(r"plgpu\.TilingTransform\(\([^()]*\)\),\s*(?=plgpu\.SwizzleTransform\()"), _drop_kwarg),
    # copy_tma
    ("copy_tma.leader_tracked_without_axes",
     re.compile(r"(collective_axes\s*=\s*[^,()]+,\s*)(leader_tracked\s*=)"), _leader_without_axes),
    ("copy_tma.partition_axis", re.compile(r"(CopyPartition\.PARTITIONED\()\s*([01])\s*\)"), _partition_axis),
    ("copy_tma.dst_transposed",
     re.compile(r"(plgpu\.copy_gmem_to_smem\(\s*" + OPERAND + r",\s*)(" + OPERAND + r")(\s*[,)])"),
     _copy_dst_transposed),
    # wgmma_mma: the tcgen05 MMA (Blackwell's wgmma) and its TMEM accumulator
    # primitives.py:_tcgen05_mma_abstract_eval: "Accumulator must be a TMEM Ref." (and
    # core.py:MemorySpace.__call__ for TMEM-only arguments left on it).
    ("wgmma_mma.acc_in_smem", re.compile(r"(\b\w*acc\w*\s*=\s*plgpu\.)TMEM\("),
     lambda m: f"{m.group(1)}SMEM("),
    # core.py:MemorySpace.__call__: "dtypes narrower than 32-bit require either the packed argument or
    # an explicit TMEM layout".
    ("wgmma_mma.acc_float16",
     re.compile(r"(plgpu\.TMEM\(\s*\([^()]*\),\s*jnp\.)float32(?=\s*[,)])"),
     lambda m: f"{m.group(1)}float16"),
    ("wgmma_mma.operands_swapped",
     re.compile(r"(plgpu\.tcgen05_mma\(\s*" + OPERAND + r",\s*)(" + OPERAND + r")(\s*,\s*)(" + OPERAND
                + r")(\s*[,)])"), _mma_swapped),
    ("wgmma_mma.rhs_transposed",
     re.compile(r"(plgpu\.tcgen05_mma\(\s*" + OPERAND + r",\s*" + OPERAND + r",\s*)(" + OPERAND
                + r")(\s*[,)])"), _mma_rhs_transposed),
    # primitives.py:tcgen05_mma: "Accumulator and RHS have incompatible shapes. Expected RHS to have
    # shape (k, n) and accumulator to have shape (m, n)" (a collective accumulator is n * 2 wide).
    ("wgmma_mma.collective_axis_dropped",
     re.compile(r",?\s*\bcollective_axis\s*=\s*(?:\"\w+\"|'\w+'|\w+)(?=\s*[,)])"), _drop_kwarg),
    # primitives.py:_tcgen05_mma_abstract_eval: "Accumulator Ref must be collective if collective_axis is
    # set." / lowering.py:lower_jaxpr_to_module: "Can't mix collective and non-collective TMEM
    # allocations within the same kernel."
    ("wgmma_mma.tmem_collective_dropped", re.compile(r",\s*collective\s*=\s*True(?=\s*[,)])"), _drop_kwarg),
    ("wgmma_mma.tmem_load_sync",
     re.compile(r"plgpu\.async_load_tmem\(\s*(" + OPERAND + r")\s*\)"), _tmem_load_sync),
    ("wgmma_mma.tmem_store_sync",
     re.compile(r"^(\s*)plgpu\.async_store_tmem\(\s*(" + OPERAND + r"),\s*(.+)\)(?=\s*$)"), _tmem_store_sync),
    ("wgmma_mma.smem_collective", re.compile(r"(plgpu\.SMEM\()" + ARGS + r"\)"), _smem_collective),
    # barrier
    # primitives.py:_tcgen05_mma_abstract_eval / _tcgen05_commit_arrive_abstract_eval: "MMA barrier must
    # have orders_tensor_core set to True."
    ("barrier.orders_tensor_core_off", re.compile(r"(\borders_tensor_core\s*=\s*)True\b"),
     lambda m: f"{m.group(1)}False"),
    ("barrier.cluster_no_arrivals", re.compile(r"(plgpu\.ClusterBarrier\()" + ARGS + r"\)"),
     _cluster_barrier_no_arrivals),
    # pipeline
    # pipeline.py:_downcast_spec: "pl.BlockSpec with pipeline_mode= is not supported".
    ("pipeline.pipeline_mode_added", re.compile(r"(\bpl\.BlockSpec\()" + ARGS + r"\)"),
     _spec_kwarg("pipeline_mode=pl.Buffered(2)")),
    # pipeline.py:emit_pipeline: "pl.BlockSpec with collective_axes= is not supported" (0.12) /
    # emit_pipeline_warp_specialized: "Output BlockSpecs cannot have collective_axes".
    ("pipeline.spec_collective_axes", re.compile(r"(\bplgpu\.BlockSpec\()" + ARGS + r"\)"),
     _spec_kwarg("collective_axes=(\"x\",)")),
    ("pipeline.index_map_constant", re.compile(r"(\blambda\s+)([\w, ]+):\s*\(([^()]*)\)"),
     _index_map_constant),
    # kernel_mesh_config
    # core.py:Mesh.__post_init__: "cluster_names must have the same length as cluster";
    # lowering.py:_resolve_cluster_axis: "Unknown cluster axis ..." / primitives.py:
    # _collective_mma_predicate: "No cluster axes found." (a cluster kernel launched without cluster=).
    ("kernel_mesh_config.cluster_dropped",
     re.compile(r"^(\s*)cluster\s*=\s*(?:\([^()]*\)|[^,()]+?)(?:\s+if\s+[^,]+\s+else\s+\(\))?,(?=\s*$)"),
     lambda m: m.group(1)),
    ("kernel_mesh_config.cluster_dropped",
     re.compile(r",\s*\bcluster\s*=\s*(?:\([^()]*\)|\w+)(?=\s*[,)])"), _drop_kwarg),
    # register_layouts
    ("register_layouts.tcgen05_as_wgmma", re.compile(r"(plgpu\.Layout\.)TCGEN05\b(?!_)"), _layout_hopper),
    # ops_dtypes
    ("ops_dtypes.floor_before_store",
     re.compile(r"^(\s*\w+(?:\.at\[[^\]]*\])?\[[^\]]*\]\s*=\s*)(plgpu\.async_load_tmem\(.*\)|\w+\[[^\]]*\]"
                r"(?:\s*[-+*]\s*\w+)?)(\.astype\([^()]*\))?(?=\s*$)"),
     _floor_before_store),
    ("ops_dtypes.unroll_indivisible", re.compile(r"(\blax\.fori_loop\()" + ARGS + r"\)"), _unroll_added),
    # compiler_params
    ("compiler_params.profile_space_only", re.compile(r"(plgpu\.CompilerParams\()" + ARGS + r"\)"),
     _profile_space_only),
    ("compiler_params.profile_space_only", re.compile(r"(plgpu\.CompilerParams\()(?=\s*$)"),
     lambda m: f"{m.group(1)}profile_space=16,"),
    # lowering.py:lower_unpipelined_jaxpr_to_module: "dimension_semantics= is not supported by the
    # unpipelined lowering" (TPU's grid semantics given to a Mosaic GPU kernel, 0.12).
    ("compiler_params.dimension_semantics",
     re.compile(r"(?<![\w.])()(?=out_(?:type|shape)\s*=)"),
     lambda m: "compiler_params=plgpu.CompilerParams(dimension_semantics=(\"parallel\",)), "),
)


def famheld3_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python."""
    return one_edit_mutants(source, EDITS, within)
