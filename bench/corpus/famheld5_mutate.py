"""One-edit mutations for the fifth held-out families corpus `famheld5` (issue 27), written from JAX's own
checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py,
jax/_src/pallas/{core,pallas_call}.py, jax/experimental/mosaic/gpu/*.py and jax/_src/lax of 0.10.2 /
0.11.2 / 0.12.0.1, each cited at its operator as file:function or by its message) and nothing else: the
checker was not read, and the earlier sets' operators (family_mutate.py, famheld_mutate.py,
famheld2_mutate.py, famheld3_mutate.py, famheld4_mutate.py) only to choose other mistakes than theirs.

The bases are user-style kernels (build_famheld5.py), which keep their tuning in config dataclasses,
dicts, argparse defaults, module constants, helper defaults and small classes; so most operators edit the
value where a user keeps it, not at the JAX call: a swizzle of 256 in a config, a block size past TMA's
256-element box or with an unaligned minor dimension, an SMEM window sized twice its buffer, fp32 fed to
an fp16 WGMMA matmul, an RHS loaded to registers before the WGMMA, a barrier array smaller than the slots
it serves, pipeline stages lowered to one (below delay_release), a pipeline's out_specs forgotten, a
warp-specialized kernel that does not count its memory thread, a thread / warpgroup axis name typo,
register budgets off the multiple of 8, a WG_STRIDED vector size or shape that does not tile the value, a
tile cast to the transposed WGMMA layout, a config dtype of int32 under float math, an astype(float64), a
cond predicate that is a vector, compiler parameters as a dict or with Triton's num_warps, a cluster
larger than the grid or renamed in one place only, a TMA multicast over a grid axis, collective axes
renamed or unknown, a multimem reduction named "sum", check_vma turned on, a semaphore scratch declared
as a Barrier, a TMEM accumulator halved or in float16, tcgen05's accumulator swapped with its SMEM
staging buffer, a tcgen05 K tile no swizzle fits.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX, and a mutant that
still lowers is a clean negative.
"""

from __future__ import annotations

import re

from famheld_mutate import Edit, Mutant, one_edit_mutants

ARGS = r"([^()]*(?:\((?:[^()]|\([^()]*\))*\)[^()]*)*)"  # call arguments, two levels of nested parentheses


def _set_to(new: str, only: tuple[str, ...] | None = None):
    """Replace group 2 (a literal) by ``new``; None when group 2 is already ``new`` or not in ``only``."""
    def edit(m: re.Match) -> str | None:
        old = m.group(2)
        if old == new or (only is not None and old not in only):
            return None
        return f"{m.group(1)}{new}"
    return edit


def _map_value(table: dict[str, str]):
    def edit(m: re.Match) -> str | None:
        new = table.get(m.group(2))
        return None if new is None else f"{m.group(1)}{new}"
    return edit


# A config value as users keep it: a module constant, a dataclass field, a dict entry, a keyword default
# or argparse default.  group 1: everything up to the value, group 2: the value.
def _config(names: str, value: str = r"\d+") -> re.Pattern:
    return re.compile(
        rf"((?:^\s*(?:{names})\s*(?::\s*\w+\s*)?=\s*"          # NAME = v / name: int = v
        rf"|[\"'](?:{names})[\"']\s*:\s*"                       # "name": v
        rf"|\b(?:{names})\s*=\s*"                               # name=v (call keyword, default)
        rf"|[\"']--(?:{names})[\"'][^)]*?default\s*=\s*))"      # "--name", ..., default=v
        rf"({value})\b")


# ---------------------------------------------------------------- swizzle_tiling

# core.py:SwizzleTransform.__post_init__ / transform_type: "Swizzle 256 is not supported. Only 32, 64 and
# 128 are" (the swizzle a config keeps, raised to the 256 bytes of another API's widest mode).
CONFIG_SWIZZLE = _config(r"swizzle|SWIZZLE", r"128")

# core.py:SwizzleTransform.transform_type: "Swizzle 128 requires the trailing dimension to be of size
# ..." (the elements per swizzle computed for 4-byte elements whatever the dtype).
ELEMS_ITEMSIZE = re.compile(r"(\b\w+\s*=\s*\w+(?:\[\"\w+\"\])?\s*//\s*)(jnp\.dtype\(\s*\w+\s*\)\.itemsize)")

# ---------------------------------------------------------------- copy_tma

# mosaic/gpu/launch_context.py (async_copy): "Async copies only support copying <=256 elements along each
# dimension" (a block size grown past the TMA box).
BLOCK_SIZE = _config(r"block|BLOCK|block_rows|BLOCK_ROWS|BLOCK_COLS|TILE_ROWS|BM|BN|block_m|block_n",
                     r"64|128|256")

# mosaic/gpu/launch_context.py: "Async copies require the number of bits copied along the last dimension
# to be divisible by 128" (a minor dimension two elements off).
MINOR_DIM = _config(r"cols|COLS|D|N", r"64|128|256")

# primitives.py:_copy_gmem_to_smem / _copy_smem_to_gmem abstract evals: "Expected shapes to match" (a
# GMEM window kept in a variable, sized twice the SMEM buffer it is copied into / from).
WINDOW = re.compile(r"(\b(?:window|rows|slot)\s*=\s*pl\.ds\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*)"
                    r"([\w.\[\]]+)(\s*\))")

# lowering.py / primitives.py (copy_gmem_to_smem with collective_axes): multicast is over cluster axes;
# naming the grid's axis instead ("Unknown cluster axis").
MULTICAST = re.compile(r"(collective_axes\s*=\s*)\"cluster\"")

# The same through a shape constant: (rows, cols) with cols two elements off.
SHAPE_CONST = re.compile(r"(^\s*(?:SHAPE|TILE|BLOCK|TILE_SHAPE)\s*=\s*\(\s*\d+,\s*)(64|128|256)(\s*\))")

# ---------------------------------------------------------------- wgmma_mma

# mosaic/gpu/wgmma.py: the operand dtypes an fp16 swizzle / tiling was computed for, now float32 (the
# constant or the driver's inputs): tf32 WGMMA with fp16 tiles, mismatched swizzle / tiling checks.
F16_DTYPE = re.compile(r"((?:^\s*DTYPE\s*=\s*|\bjnp\.ones\(\([^()]*\),\s*))(jnp\.float16)\b")

# primitives.py:wgmma / _wgmma_lowering: the RHS must be an SMEM ref ("RHS must be a memref") — loaded to
# registers first.
WGMMA_RHS = re.compile(r"(plgpu\.wgmma\(\s*\w+\s*,\s*\w+\s*,\s*)(\w+)(\s*\))")

# ---------------------------------------------------------------- barrier

# primitives.py:_get_barrier_base_index / state indexing: a barrier array allocated with fewer barriers
# than the slots it is indexed with.
NUM_BARRIERS = re.compile(r"(\bnum_barriers\s*=\s*)(2|SLOTS)\b")

# primitives.py:semaphore_signal / _semaphore_wait abstract eval (the ref must be a semaphore): a
# semaphore scratch written as a Barrier.
SEMAPHORE_SCRATCH = re.compile(r"(\bscratch_types\s*=\s*\[[^\]]*?)(plgpu\.SemaphoreType\.REGULAR)")

# ---------------------------------------------------------------- pipeline

# pipeline.py:emit_pipeline: "max_concurrent_steps must be greater than all delay_release values" and
# emit_pipeline_warp_specialized's own bound (stages set to 1 where the config keeps them).
STAGES = _config(r"max_concurrent_steps|MAX_CONCURRENT|stages", r"[2-9]")

# pipeline.py:emit_pipeline: the body is called with one ref per in/out spec (its arity, the output
# never written back) — out_specs forgotten.
OUT_SPECS = re.compile(r"\s*\bout_specs\s*=\s*\[[^\]]*\],")

# pipeline.py:emit_pipeline_warp_specialized / core.py:Mesh: the memory thread is one Pallas thread more
# than the compute warpgroups ("num_threads" must be num_compute_wgs + 1).
WS_THREADS = re.compile(r"(\bnum_threads\s*=\s*[^,\n]*?)\s*\+\s*1\b")

# ---------------------------------------------------------------- kernel_mesh_config

# lowering.py (axis_index lowering) / core.py:Mesh: "Unknown axis name" / "unbound axis name" (the
# thread axis declared under a typo'd name).
THREAD_NAME = re.compile(r"((?:\bthread_name|\bwg_axis)\s*=\s*\"|\"wg_axis\":\s*\")(\w+)(\")")

# mosaic/gpu (setmaxnreg): register counts must be multiples of 8 in [24, 256]
# (set_max_registers / memory_registers kept in a dict or keyword).
REGISTERS = re.compile(r"((?:\"(?:light|heavy|memory_registers)\"\s*:\s*|\bmemory_registers\s*=\s*))"
                       r"(40|232)\b")

# ---------------------------------------------------------------- register_layouts

# mosaic/gpu/fragmented_array.py:WGStridedFragLayout: the shape must be divisible by 128 * vec_size
# ("vec_size" kept in a constant / dict).
VEC_SIZE = re.compile(r"((?:^\s*VEC\s*=\s*|\"vector_length\":\s*|\bvec_size\s*=\s*))([1248])\b")

# fragmented_array.py / primitives.py:layout_cast: a WG_STRIDED layout whose shape is not the value's.
STRIDED_SHAPE = re.compile(r"(plgpu\.Layout\.WG_STRIDED\(\s*\()(\w+),\s*(\w+)(\))")

# primitives.py:layout_cast / fragmented_array.py (the WGMMA_TRANSPOSED tiling and its relayouts): a
# tile cast to the transposed WGMMA layout in place of WGMMA.
WGMMA_CAST = re.compile(r"(plgpu\.layout_cast\([^\n]*?plgpu\.Layout\.)(WGMMA)(\s*[,)])")

# ---------------------------------------------------------------- ops_dtypes

# state/primitives.py:_swap_abstract_eval "Invalid dtype for `swap`" and lax's dtype checks: a config
# dtype of int32 under float math (scale, exp, mean).
CONFIG_DTYPE = re.compile(r"((?:\bdtype\s*:\s*\w+\s*=\s*|\"dtype\":\s*|\bdtype\s*=\s*|^\s*(?:DTYPE|IN_DTYPE)"
                          r"\s*=\s*))(jnp\.float32)\b")

# state/primitives.py:_swap_abstract_eval "Invalid dtype for `swap`": an astype to float64 (float32 without
# x64) stored into a narrower ref.
ASTYPE = re.compile(r"(\.astype\()(\w+)(\))")

# ---------------------------------------------------------------- control_flow

# lax/control_flow/conditionals.py:_cond: "Pred must be a scalar, got ..." (the flag read whole, not its
# first element).
COND_PRED = re.compile(r"(\b\w+\s*=\s*\w+_ref)(\[0\])")

# lax/control_flow/loops.py:_fori_loop / _check_carry_type: the body returns a carry of another tree than
# init (None for ()).
FORI_RETURN = re.compile(r"(^\s*return\s+)(\(\))(\s*$)")

# ---------------------------------------------------------------- compiler_params

# mosaic_gpu/core.py:kernel "compiler_params must be a CompilerParams" (0.10.2) and
# mosaic_gpu/pallas_call_registration.py's isinstance assertion (0.11.2 / 0.12.0.1): the parameters written
# as a plain dict, as TPU kernels once took them (in place of plgpu.CompilerParams, or added to a kernel).
PARAMS_CALL = re.compile(r"(\bcompiler_params\s*=\s*)plgpu\.CompilerParams\(")
PARAMS_ADDED = re.compile(r"()(\bout_type\s*=)")

# mosaic_gpu/core.py:CompilerParams (a frozen dataclass): Triton's launch knobs (num_warps / num_stages)
# passed to Mosaic GPU's parameters.
TRITON_KNOBS = re.compile(r"()(\bout_type\s*=)")

# ---------------------------------------------------------------- cluster_collective

# lowering.py / mosaic/gpu/core.py: the grid must be divisible by the cluster ("grid ... must be divisible
# by cluster ...") — a cluster twice the grid.
CLUSTER_SIZE = re.compile(r"(\bcluster\s*=\s*\()(\w+)(,\))")

# lowering.py:_resolve_cluster_axis "Unknown cluster axis": the cluster renamed in cluster_names only.
CLUSTER_NAMES = re.compile(r"(\bcluster_names\s*=\s*\()(\"\w+\"|\w+)(,\))")

# ---------------------------------------------------------------- collectives

# primitives.py (multimem / multicast lowering): "Only collective_axes that include all JAX device mesh
# axes are supported" (an axis constant renamed to a multi-letter name, collective_axes a str).
AXIS_CONST = re.compile(r"(^\s*(?:AXIS|AXIS_NAME|MESH_AXIS)\s*=\s*\"|\baxis\s*:\s*str\s*=\s*\")(\w+)(\")")

# primitives.py:semaphore_signal_multicast "collective_axes ... must equal entire mesh axes" and
# multimem's mesh check: an axis name no mesh has.
COLLECTIVE_AXES = re.compile(r"(\bcollective_axes\s*=\s*)(axis_name|axis|AXIS\w*|MESH_AXIS)\b")

# jax shard_map: "unbound axis name" (the mesh built with another axis name than the kernel queries).
MESH_NAMES = re.compile(r"((?:jax\.make_mesh|jax\.sharding\.Mesh)\([^\n]*?,\s*\()(\w+|\"\w+\")(,\))")

# primitives.py:multimem_load_reduce / mosaic/gpu: "Unsupported ... reduction op" ("sum" for "add").
REDUCTION_OP = re.compile(r"((?:\"op\":\s*|\breduction_op\s*=\s*)\")(add)(\")")

# shard_map's varying-manual-axes check on the kernel call (check_vma turned back on).
CHECK_VMA = re.compile(r"(\bcheck_vma\s*=\s*)(False)\b")

# ---------------------------------------------------------------- tmem / tcgen05_mma

# core.py:MemorySpace / mosaic/gpu/tcgen05.py: the TMEM accumulator must match the MMA's (M, N); rows
# halved where it is allocated.
TMEM_ROWS = re.compile(r"(plgpu\.TMEM\(\()(\w+)(,)")
TMEM_SHAPE_CONST = re.compile(r"(^\s*TMEM_SHAPE\s*=\s*\()(\w+)(,)")

# mosaic/gpu/tcgen05.py: the accumulator dtype (float32 or float16 with packing): float16 unpacked.
TMEM_DTYPE = re.compile(r"(plgpu\.TMEM\([^\n]*?jnp\.)(float32)(\))")

# primitives.py:tcgen05_mma: "Accumulator must be a TMEM reference" (the SMEM staging buffer passed).
TCGEN05_ACC = re.compile(r"(plgpu\.tcgen05_mma\(\s*)(acc_tmem)\b")

# mosaic/gpu/tcgen05.py / core.py: no swizzle fits 48 fp16 (96 bytes) of K.
TILE_K = _config(r"tile_k", r"64")


EDITS: tuple[Edit, ...] = (
    ("swizzle_tiling.config_swizzle_256", CONFIG_SWIZZLE, _set_to("256")),
    ("swizzle_tiling.elems_itemsize_hardcoded", ELEMS_ITEMSIZE, lambda m: f"{m.group(1)}4"),
    ("copy_tma.config_block_over_256", BLOCK_SIZE, _set_to("512")),
    ("copy_tma.config_minor_dim_unaligned", MINOR_DIM, _map_value({"64": "66", "128": "130", "256": "258"})),
    ("copy_tma.shape_constant_minor_unaligned", SHAPE_CONST,
     lambda m: f"{m.group(1)}{int(m.group(2)) + 2}{m.group(3)}"),
    ("copy_tma.window_twice_buffer", WINDOW, lambda m: f"{m.group(1)}2 * {m.group(2)}{m.group(3)}"),
    ("copy_tma.multicast_over_grid_axis", MULTICAST, lambda m: f"{m.group(1)}\"blocks\""),
    ("wgmma_mma.float32_operands", F16_DTYPE, _set_to("jnp.float32")),
    ("wgmma_mma.rhs_loaded_to_registers", WGMMA_RHS, lambda m: f"{m.group(1)}{m.group(2)}[...]{m.group(3)}"),
    ("barrier.num_barriers_fewer_than_slots", NUM_BARRIERS, _set_to("1")),
    ("barrier.semaphore_declared_as_barrier", SEMAPHORE_SCRATCH, lambda m: f"{m.group(1)}plgpu.Barrier()"),
    ("pipeline.config_stages_one", STAGES, _set_to("1")),
    ("pipeline.out_specs_forgotten", OUT_SPECS, lambda m: ""),
    ("pipeline.ws_memory_thread_not_counted", WS_THREADS, lambda m: m.group(1)),
    ("kernel_mesh_config.thread_axis_typo", THREAD_NAME, lambda m: f"{m.group(1)}{m.group(2)}s{m.group(3)}"),
    ("kernel_mesh_config.register_budget_unaligned", REGISTERS, _map_value({"40": "44", "232": "236"})),
    ("register_layouts.strided_vec_size_misfit", VEC_SIZE,
     _map_value({"1": "3", "2": "3", "4": "3", "8": "6"})),
    ("register_layouts.strided_shape_transposed", STRIDED_SHAPE,
     lambda m: None if m.group(2) == m.group(3) else f"{m.group(1)}{m.group(3)}, {m.group(2)}{m.group(4)}"),
    ("register_layouts.wgmma_transposed_for_tile", WGMMA_CAST,
     lambda m: f"{m.group(1)}WGMMA_TRANSPOSED{m.group(3)}"),
    ("ops_dtypes.config_dtype_int32", CONFIG_DTYPE, _set_to("jnp.int32")),
    ("ops_dtypes.astype_float64", ASTYPE,
     lambda m: None if m.group(2).startswith("jnp") else f"{m.group(1)}jnp.float64{m.group(3)}"),
    ("control_flow.cond_pred_not_scalar", COND_PRED, lambda m: f"{m.group(1)}[...]"),
    ("control_flow.fori_carry_tree_changed", FORI_RETURN, lambda m: f"{m.group(1)}None{m.group(3)}"),
    ("compiler_params.params_as_dict", PARAMS_CALL, lambda m: f"{m.group(1)}dict("),
    ("compiler_params.params_as_dict", PARAMS_ADDED,
     lambda m: f"compiler_params=dict(approx_math=True), {m.group(2)}"),
    ("compiler_params.triton_num_warps", TRITON_KNOBS,
     lambda m: f"compiler_params=plgpu.CompilerParams(num_warps=4, num_stages=3), {m.group(2)}"),
    ("cluster_collective.cluster_twice_grid", CLUSTER_SIZE,
     lambda m: f"{m.group(1)}2 * {m.group(2)}{m.group(3)}"),
    ("cluster_collective.cluster_renamed_in_names_only", CLUSTER_NAMES,
     lambda m: f"{m.group(1)}\"cl\"{m.group(3)}" if m.group(2) != "\"cl\"" else None),
    ("collectives.axis_constant_renamed", AXIS_CONST,
     lambda m: f"{m.group(1)}{ {'x': 'devices', 'devices': 'x'}.get(m.group(2), 'x')}{m.group(3)}"),
    ("collectives.collective_axis_unknown", COLLECTIVE_AXES, lambda m: f"{m.group(1)}\"y\""),
    ("collectives.mesh_axis_renamed", MESH_NAMES, lambda m: f"{m.group(1)}\"y\"{m.group(3)}"),
    ("collectives.reduction_op_sum", REDUCTION_OP, lambda m: f"{m.group(1)}sum{m.group(3)}"),
    ("collectives.check_vma_enabled", CHECK_VMA, _set_to("True")),
    ("tmem.acc_rows_halved", TMEM_ROWS, lambda m: f"{m.group(1)}{m.group(2)} // 2{m.group(3)}"),
    ("tmem.shape_constant_rows_halved", TMEM_SHAPE_CONST,
     lambda m: f"{m.group(1)}{m.group(2)} // 2{m.group(3)}"),
    ("tmem.acc_float16", TMEM_DTYPE, lambda m: f"{m.group(1)}float16{m.group(3)}"),
    ("tcgen05_mma.acc_staging_swapped", TCGEN05_ACC, lambda m: f"{m.group(1)}acc_smem"),
    ("tcgen05_mma.config_tile_k_48", TILE_K, _set_to("48")),
)


def famheld5_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python."""
    return one_edit_mutants(source, EDITS, within)
