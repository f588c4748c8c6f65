"""One-edit mutations for the sixth held-out families corpus `famheld6` (issue 27), written blind from
JAX's own checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py,
jax/_src/pallas/core.py, jax/experimental/mosaic/gpu/{launch_context,wgmma,tcgen05,utils}.py and
jax/_src/lax/control_flow of JAX 0.12.0.1, each cited at its operator as file:line) and nothing else: the
checker was not read, and the earlier sets' operators (family_mutate.py, famheld_mutate.py ...
famheld5_mutate.py, issue25_mutate.py) only to choose other names and other edits than theirs.

The bases (build_famheld6.py) keep what the kernel depends on in Python structures: a subclass override, a
property, an __init__ default, a NamedTuple, a dataclass retuned by dataclasses.replace, a nested dict read
with .get defaults, a kwargs dict, an Enum / IntEnum member, a typing.Final constant, an argparse default,
an f-string axis name, a str.split() / str.lower() result, a registry dict, a module constant redefined
later. So most operators edit the value where the program keeps it (the enum member, the property's
formula, the .get default, the replace() override, the Final constant, the dict entry) and only a few the
JAX call itself.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX, and a mutant that
still lowers is a clean negative.
"""

from __future__ import annotations

import re

from famheld_mutate import Edit, Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

# ---------------------------------------------------------------- swizzle_tiling

# mosaic_gpu/core.py:1390 SwizzleTransform.__post_init__ "Swizzle {n} is not supported. Only 32, 64 and
# 128 are accepted": an Enum member holding the swizzle written in bits (SW128 = 1024), not bytes.
ENUM_SWIZZLE = re.compile(r"^(\s*SW\d+\s*=\s*)(128)()(?=\s*$)")

# mosaic_gpu/core.py:1402 SwizzleTransform.transform_type "Swizzle {n} requires the trailing dimension to be
# of size ..." / lowering.py:1931 "Minor tiling dimension does not fit swizzle": the property deriving the
# elements per swizzle counts bits (swizzle * 8 // itemsize).
PROPERTY_ELEMS = re.compile(r"(return\s+self\.swizzle\s*)(//)()")

# mosaic_gpu/core.py:1390 again, through a typing.Final module constant (SWIZZLE: Final = 96).
FINAL_SWIZZLE = re.compile(r"^(\s*SWIZZLE\s*:\s*Final(?:\[int\])?\s*=\s*)(\d+)()(?=\s*$)")

# ---------------------------------------------------------------- copy_tma

# mosaic/gpu/launch_context.py:1922 "Async copies only support copying <=256 elements along each
# dimension": a shape NamedTuple built positionally with its second field past the TMA box.
NAMEDTUPLE_COLS = re.compile(r"(\b[A-Z]\w*(?:Tile|Shape|Block)\w*\(\s*\d+\s*,\s*)(\d+)(\s*[,)])")

# launch_context.py:1922: a .get default that is the value in use (the key is absent), grown past the box.
GET_DEFAULT_ROWS = re.compile(r"(\.get\(\s*[\"'](?:block_rows|rows|block)[\"']\s*,\s*)(\d+)(\s*\))")

# launch_context.py:1922: a constant retuned later by scaling itself (BLOCK = BLOCK * 2), scaled too far.
SELF_SCALED = re.compile(r"^(\s*(\w+)\s*=\s*(?:\w+\.)?\2\s*\*\s*)(\d+)()(?=\s*$)")

# primitives.py:896 _copy_gmem_to_smem_abstract_eval "Expected source shape to be ..., but got ...": the
# SMEM buffers built by a comprehension with (rows, cols) swapped.
COMPREHENSION_SHAPE = re.compile(r"(plgpu\.SMEM\(\(\s*)(\w+)\s*,\s*(\w+)(\s*\)[^\n]*\bfor\b)")

# launch_context.py:1922 / lowering's SMEM budget: a tile-shape constant with its rows grown to 512.
TILE_CONST_ROWS = re.compile(r"^(\s*(?:TILE|SHAPE|SHARD|BLOCK)\s*=\s*\(\s*)(\d+)(\s*,)")

# ---------------------------------------------------------------- wgmma_mma

# mosaic/gpu/wgmma.py:416 "N must be a multiple of 8 and <= 256" (and wgmma.py:69): the NamedTuple field
# default for the tile's N, four off a multiple of 8.
FIELD_N = re.compile(r"^(\s*(?:n|tile_n|block_n)\s*:\s*int\s*=\s*)(\d+)()(?=\s*$)")

# mosaic/gpu/wgmma.py:69 "WGMMA requires m and n to be multiples of 64 and 8": the M tile kept as a
# typing.Final constant, halved below 64.
FINAL_TILE_M = re.compile(r"^(\s*TILE_M\s*:\s*Final(?:\[int\])?\s*=\s*)(\d+)()(?=\s*$)")

# mosaic/gpu/wgmma.py:135 "Unsupported wgmma types": the operand dtype constant set to int8 (the
# accumulator stays float32).
DTYPE_F16_CONST = re.compile(r"^(\s*DTYPE\s*(?::\s*Final)?\s*=\s*)(jnp\.float16)()(?=\s*$)")

# ---------------------------------------------------------------- barrier

# mosaic_gpu/core.py:1721 Barrier.__post_init__ / core.py:1746 ClusterBarrier.__post_init__ "Num arrivals
# must be at least 1": the arrival count kept in a constant or a kwargs dict, zero.
ARRIVALS_CONST = re.compile(r"^(\s*(?:ARRIVALS|NUM_ARRIVALS)\s*=\s*)([1-9])()(?=\s*$)")
ARRIVALS_DICT = re.compile(r"([\"']num_arrivals[\"']\s*:\s*)([1-9])()")

# primitives.py:1663 _get_barrier_base_index / the barrier array's static bounds: an array sized one short
# of the buffers it serves (len(...) - 1).
NUM_BARRIERS_LEN = re.compile(r"(\bnum_barriers\s*=\s*)(len\(\w+\))()")

# primitives.py:643 / the copy's barrier check "Expected a single barrier, got a barrier reference with
# shape ...": a TMA load given two barriers of the array (a slice) in place of one.
COPY_BARRIER = re.compile(r"(plgpu\.copy_gmem_to_smem\([^\n]*?\b\w+\.at\[)(\d+|\w+)(\])")

# ---------------------------------------------------------------- pipeline

# pipeline.py:316 emit_pipeline "max_concurrent_steps must be greater than all delay_release values":
# the stages overridden to 0 by dataclasses.replace.
REPLACE_STAGES = re.compile(r"(dataclasses\.replace\([^\n]*?\b(?:stages|max_concurrent_steps)\s*=\s*)(\d+)()")

# pipeline.py:985 emit_pipeline_warp_specialized "SMEM outputs are not supported with multiple compute
# warpgroups": the compute warpgroup count in a class attribute / dict entry doubled.
COMPUTE_WGS = re.compile(r"((?:^\s*compute_wgs\s*=\s*|[\"']compute_wgs[\"']\s*:\s*))(1)(\b)")

# pipeline.py:791 emit_pipeline_warp_specialized "Memory thread must be the last thread": the thread
# count derived from the compute warpgroups plus two.
WS_PLUS = re.compile(r"((?:\bnum_threads\s*=\s*|\breturn\s+)[^\n]*?compute_wgs[^\n]*?\+\s*)(1)(\b)")

# ---------------------------------------------------------------- kernel_mesh_config

# primitives.py:3544 _set_max_registers_abstract_eval and mosaic/gpu setmaxnreg's range [24, 256]: IntEnum
# register budgets moved out of range (the producer below 24, the consumer past 256).
REGS_ENUM = re.compile(r"^(\s*(PRODUCER|CONSUMER)_REGS\s*=\s*)(\d+)()(?=\s*$)")

# lowering.py axis lookup / jax's "unbound axis name": an f-string axis name edited at one site only.
FSTRING_AXIS = re.compile(r"(f[\"']\{\w+\}_)(\w+)([\"'])")

# mosaic_gpu/core.py Mesh.__post_init__ "grid_names must have the same length as grid": the names from
# "row col".split() with one word dropped.
SPLIT_NAMES = re.compile(r"([\"'])(\w+) (\w+)([\"']\.split\(\))")

# mosaic_gpu/core.py:1864 Mesh.__post_init__ "cluster_names must have the same length as cluster": a
# second cluster name in a kwargs dict or keyword.
CLUSTER_NAMES_EXTRA = re.compile(r"(\bcluster_names\s*=\s*\(\s*)(\"\w+\")(\s*,\s*\))")

# mosaic_gpu/core.py Mesh (cluster / grid sizes must be positive): the cluster retuned to 0 by replace().
REPLACE_CLUSTER = re.compile(r"(dataclasses\.replace\([^\n]*?\bcluster\s*=\s*)(\d+)()")

# ---------------------------------------------------------------- register_layouts

# mosaic/gpu/utils.py:441 "Only 32-, 64- and 128-bit loads are supported": a vector-width dataclass field
# raised to 16 (512 bits of float32 / int32).
VEC_FIELD = re.compile(r"^(\s*vec\w*\s*:\s*int\s*=\s*)(\d+)()(?=\s*$)")

# primitives.py layout_cast / fragmented_array relayouts: the layout's name held as a string for getattr,
# changed to the 1-D row layout (WGMMA_ROW) for a 2-D tile.
LAYOUT_NAME = re.compile(r"([\"'])(WGMMA|TCGEN05)([\"'])")

# lowering.py:3162 _reduce_lowering_rule "Unsupported layout" / the WGMMA layout's reductions: a row
# reduction turned into a column reduction.
REDUCE_AXIS = re.compile(r"(\(x,\s*axis\s*=\s*)(1)(\))")

# ---------------------------------------------------------------- ops_dtypes

# state swap / copy dtype checks (primitives.py:862 "Expected dtypes to match"): a dtype argparse default
# float64.
ARGPARSE_DTYPE = re.compile(r"(\bdefault\s*=\s*[\"'])(float32|bfloat16|float16)([\"'])")

# lowering.py:1127 "Unimplemented primitive in Pallas Mosaic GPU lowering": a registry entry mapped to an
# op Mosaic GPU does not lower (asinh).
REGISTRY_FN = re.compile(r"([\"']\w+[\"']\s*:\s*)(jnp\.(?:tanh|exp|negative|abs|sqrt))()\b")

# lowering.py:1127: a mode string naming a cumulative reduction (cumsum) in place of max / sum.
MODE_STRING = re.compile(r"(^\s*MODE\s*=\s*[\"'])(\w+)([\"'])")

# lowering.py:2640 _binary_op_lowering_rule_wg "... does not support ..." / complex arithmetic: a scale
# constant / class attribute written as a complex literal.
SCALE_CONST = re.compile(r"^(\s*(?:\w*(?:SCALE|ALPHA|BETA|GAIN)\w*|scale|alpha|beta|gain)\s*(?::\s*\w+)?\s*=\s*)"
                         r"(\d+\.\d+)()(?=\s*$)")

# lowering.py:3252 _reduce_max_lowering_rule_wg "Unsupported dtype" / core.py:1402 swizzle fit: a dtype
# name kept as a string (namespace / dict) changed to int8.
DTYPE_STRING = re.compile(r"((?:\bdtype\s*=\s*|[\"']dtype[\"']\s*:\s*)[\"'])(float16|bfloat16|float32)([\"'])")

# lowering.py:2533 _convert_element_type_lowering_rule_wg "Unsupported conversion": a cast to bool.
ASTYPE_BOOL = re.compile(r"(\.astype\()([\w.]+)(\))")

# ---------------------------------------------------------------- control_flow

# lowering.py:3815 _lower_jaxpr_to_for_loop "``unroll`` must divide ``length``": the unroll constant 3.
UNROLL_CONST = re.compile(r"^(\s*UNROLL\s*=\s*)(\d+)()(?=\s*$)")

# lax/control_flow/loops.py:533 _check_carry_type: a while_loop body stepping its int32 counter by 1.0.
COUNTER_STEP = re.compile(r"(\breturn\s+\w+\s*\+\s*)(1)(\s*,)")

# lax/control_flow/conditionals.py:115 switch "Index type must be an integer": the branch index scaled to
# a float.
SWITCH_INDEX = re.compile(r"(lax\.switch\(\s*)(\w+)(\s*,)")


# ---------------------------------------------------------------- compiler_params

# lowering.py:4641 _iota_lowering "Failed to infer the output layout of the iota" (Lane only): the
# semantics named by a string switched to Lane.
SEMANTICS_NAME = re.compile(r"([\"'])(Warpgroup)([\"'])")

# mosaic_gpu/core.py:90 CompilerParams (a frozen dataclass: unexpected keyword): a params dict key misspelt.
PARAMS_KEY = re.compile(r"([\"'])(approx_math)([\"']\s*:)")

# ---------------------------------------------------------------- collectives

# primitives.py:5750 (multimem) "Only collective_axes that include all JAX device mesh ... axes are
# supported": a plain Enum member used as the axis name (its .value dropped).
ENUM_VALUE = re.compile(r"(\b\w*Axis\w*\.\w+)(\.value)()\b")

# primitives.py:5811 / 5855 (multimem_load_reduce, semaphore_signal_multicast): collective_axes cut to the
# first axis of a 2-D mesh.
AXES_FIRST = re.compile(r"(\bcollective_axes\s*=\s*)(MESH_AXES)()\b")

# lowering.py:4378 _device_id_to_logical "Unrecognized axes in device_id": a dict device_id keyed by an
# axis the mesh does not have.
DEVICE_ID_DICT = re.compile(r"(device_id\s*=\s*\{\s*)(\w+)(\s*:)")

# mosaic/gpu multimem_load_reduce "Unsupported ... reduction op" (names are case-sensitive): the .lower()
# that normalised the op name dropped.
OP_LOWER = re.compile(r"([\"']\w+[\"'])(\.lower\(\))()")

# ---------------------------------------------------------------- tmem / tcgen05_mma

# mosaic/gpu/tcgen05.py:943 "... columns, exceeding the limit of 512" (TMEM allocation): the N default of
# an __init__ raised to 1024.
INIT_TILE_N = re.compile(r"(def __init__\([^\n]*?\btile_n\s*=\s*)(\d+)()")

# primitives.py async_store_tmem / tcgen05 layouts: the TMEM shape property returning (cols, rows).
TMEM_PROPERTY = re.compile(r"(return\s+\(\s*self\.)(acc_\w+)(\s*,\s*self\.)(acc_\w+)(\s*\))")

# primitives.py:2874 _tcgen05_mma_abstract_eval "MMA barrier must have orders_tensor_core set to True":
# the flag in the barrier's kwargs dict turned off.
TENSOR_CORE_KW = re.compile(r"([\"']orders_tensor_core[\"']\s*:\s*)(True)()")

# mosaic/gpu/tcgen05.py:314 "Only M=128 and M=64 are supported for MMA": the M default of an __init__ 32.
INIT_TILE_M = re.compile(r"(def __init__\([^\n]*?\btile_m\s*=\s*)(\d+)()")

# ---------------------------------------------------------------- blockspec_grid_aliases

# pallas/core.py:680 BlockSpec.to_block_mapping "Index map function ... must return N values": an index
# map returning one coordinate more than the block has dimensions.
INDEX_MAP = re.compile(r"(lambda\s+\w+\s*:\s*\()([^()\n]*?)(\))")

# pallas/core.py:1266 "Grid must be a tuple of integers" / mosaic_gpu Mesh: the grid computed with true
# division.
GRID_DIV = re.compile(r"(\bgrid\s*=\s*\([^\n]*?)(//)()")

# The element count by functools.reduce(operator.add, ...) in place of operator.mul (a grid of 0 blocks).
REDUCE_MUL = re.compile(r"(functools\.reduce\(\s*operator\.)(mul)()\b")


# ---------------------------------------------------------------- more value edits (broad)

# primitives.py:862 _copy_gmem_to_smem_abstract_eval "Expected dtypes to match" / the state swap's dtype
# check: the driver's concrete inputs built as int32 in place of float32.
DRIVER_INT = re.compile(r"(\bjnp\.(?:ones|zeros|full|linspace)\([^\n]*?)(jnp\.float32)()\)")

# jax.shard_map on an Explicit mesh (the inputs carry no matching sharding): the mesh's axis type changed.
AXIS_TYPE = re.compile(r"(axis_types\s*=\s*\(\s*jax\.sharding\.AxisType\.)(Auto)(\s*,\s*\))")

# mosaic_gpu/core.py Mesh.__post_init__ "grid_names must have the same length as grid": a second name in
# a one-dimensional grid's names.
GRID_NAMES_EXTRA = re.compile(r"(\bgrid_names\s*=\s*\(\s*)([\w.\[\]\"]+)(\s*,\s*\))")

# pipeline.py:299 emit_pipeline "All elements in the grid must be strictly positive": the pipeline's step
# count in a config (field, class attribute, dict entry, .get default) set to 0.
STEPS_ZERO = re.compile(r"((?:^\s*steps\s*(?::\s*int\s*)?=\s*|[\"']steps[\"']\s*(?::|,)\s*))(4)(\b)")

# lowering.py:1931 _get_lowering_rule "Minor tiling dimension does not fit swizzle": a module-level
# transforms constant whose swizzle is halved under the same tiling.
MODULE_SWIZZLE = re.compile(r"(^\s*(?:SWZ|TRANSFORMS)\s*=\s*\([^\n]*?SwizzleTransform\()(128)(\))")

# mosaic/gpu fragmented_array WG_STRIDED / the warpgroup's 128 threads: a factory's block default made no
# multiple of 128.
FACTORY_BLOCK = re.compile(r"(\bdef \w+\([^\n]*?\bblock\s*=\s*)(\d+)()")

# launch_context.py:1922: the first of a starred unpacking of tile sizes past the TMA box.
STARRED_TILE = re.compile(r"(^\s*\w+\s*,\s*\w+\s*,\s*\*\w+\s*=\s*\(\s*)(\d+)()")

# launch_context.py:1922: an argparse --rows default past the TMA box.
ARGPARSE_ROWS = re.compile(r"([\"']--rows[\"'][^)]*?default\s*=\s*)(\d+)()")

# mosaic/gpu WGStridedFragLayout (the shape must split over 128 threads x vec_size): a shape field's minor
# dimension 100.
PLAN_SHAPE = re.compile(r"(^\s*shape\s*:\s*tuple\s*=\s*\(\s*\d+\s*,\s*)(\d+)(\s*\))")

# multimem_load_reduce (mosaic/gpu: "Only add is supported for f32" / the WG verifier): the reduced dtype
# field turned to float32 under a max reduction.
REDUCE_DTYPE = re.compile(r"(^\s*dtype\s*:\s*\w+\s*=\s*)(jnp\.int32)()")

# jax "unbound axis name" / collective axes mismatch: the factory's axis argument names no mesh axis.
FACTORY_AXIS = re.compile(r"(\bmake_\w+\(\s*)([\"']\w+[\"'])()")

# launch_context.py:1922: the factory's rows argument past the TMA box.
FACTORY_ROWS = re.compile(r"(\bmake_\w+\(\s*[\"']\w+[\"']\s*,\s*\d+\s*,\s*)(\d+)()")


# launch_context.py:1922: an __init__'s rows default past the TMA box.
INIT_ROWS = re.compile(r"(def __init__\([^\n]*?\brows\s*=\s*)(\d+)()")

# lowering.py:2640 / 2533 (binary ops and conversions on float8): an __init__'s dtype default float8_e4m3fn.
INIT_DTYPE = re.compile(r"(def __init__\([^\n]*?\bdtype\s*=\s*)(jnp\.\w+)()")

# core.py:1402 / lowering.py:1931 (the tiling derived from the chosen member): the chosen Enum member moved
# to the 32-byte swizzle.
ENUM_CHOICE = re.compile(r"(^\s*CHOSEN\s*=\s*\w+\.)(SW128)()")

# launch_context.py:1922: the second entry of a tuple of row choices past the TMA box.
CHOICES = re.compile(r"(^\s*\w*CHOICES\s*=\s*\(\s*\d+\s*,\s*)(\d+)()")

# lowering.py:3153 "Sub-byte dtypes not supported" / conversions: a dtype name in a tuple of names int4.
DTYPE_NAMES = re.compile(r"(^\s*DTYPE_NAMES\s*=\s*\([^\n]*?[\"'])(bfloat16|float16)([\"'])")

# lax/control_flow/loops.py:533 _check_carry_type (fori_loop): the body's carry returned in float16.
FORI_CARRY = re.compile(r"(^\s*return\s+)(acc\s*\+\s*[^\n]*?)((?=\s*$))")

# primitives.py:862 "Expected dtypes to match" / core.py:202 (TMEM narrower than 32 bits needs packed): a
# class attribute dtype (float32) turned bfloat16.
CLASS_DTYPE = re.compile(r"(^\s+dtype\s*=\s*)(jnp\.float32)()")

# mosaic_gpu/core.py:kernel / pallas_call_registration.py (compiler_params must be a CompilerParams): the
# params dict passed as it is, not unpacked into plgpu.CompilerParams.
PARAMS_UNWRAPPED = re.compile(r"(\bcompiler_params\s*=\s*)plgpu\.CompilerParams\(\*\*(\w+)\)")

# tcgen05.py:939 "ncols must be a power of 2 and within [32, 512]" / core.py:1402: the TMEM staging class's
# column attribute 48.
TMEM_COLS_ATTR = re.compile(r"(^\s+acc_cols\s*=\s*)(\d+)()")

# tcgen05 TMEM layouts (128 lanes) / async_store_tmem: the staging class's row attribute halved.
TMEM_ROWS_ATTR = re.compile(r"(^\s+acc_rows\s*=\s*)(128)()")

# lax/control_flow/conditionals.py switch (branch outputs must have identical types): one registered branch
# reducing its value to a scalar.
BRANCH_NEG = re.compile(r"(lambda\s+v:\s*)(-v)()\b")

# lowering.py:3815 "``unroll`` must divide ``length``": the trip-count constant made odd.
TRIP_COUNT = re.compile(r"(^\s*NUM_TILES\s*=\s*)(4)()")

# lax/control_flow/loops.py while_loop "cond_fun must return a boolean scalar": the cond returning the
# int32 counter itself.
WHILE_COND = re.compile(r"(^\s*return\s+)(\w+)\s*<\s*\w+()(?=\s*$)")

# core.py:1402 SwizzleTransform.transform_type (the trailing dimension must fill the swizzle): the cols of
# a tuple-unpacked ROWS, COLS constant halved.
UNPACKED_COLS = re.compile(r"(^\s*ROWS\s*,\s*COLS\s*=\s*\d+\s*,\s*)(\d+)()")

# mosaic/gpu/wgmma.py (K of a tile must match the swizzle's elements) / lowering.py:1931: the NamedTuple's
# k field 48.
FIELD_K = re.compile(r"(^\s*k\s*:\s*int\s*=\s*)(\d+)()")

# wgmma.py:416 "N must be a multiple of 8 and <= 256" / launch_context.py:1922: TILE_N: Final past 256.
FINAL_TILE_N = re.compile(r"(^\s*TILE_N\s*:\s*Final(?:\[int\])?\s*=\s*)(\d+)()")

EDITS: tuple[Edit, ...] = (
    ("swizzle_tiling.enum_member_bits_not_bytes", ENUM_SWIZZLE, _to("1024")),
    ("swizzle_tiling.property_elems_in_bits", PROPERTY_ELEMS, _to("* 8 //")),
    ("swizzle_tiling.final_swizzle_not_power_of_two", FINAL_SWIZZLE, _to("96")),
    ("copy_tma.namedtuple_positional_cols_past_box", NAMEDTUPLE_COLS, _to("512")),
    ("copy_tma.dict_get_default_rows_grown", GET_DEFAULT_ROWS, _to("320")),
    ("copy_tma.self_scaled_redefinition_overgrown", SELF_SCALED, lambda m: f"{m.group(1)}16"),
    ("copy_tma.comprehension_shape_swapped", COMPREHENSION_SHAPE,
     lambda m: None if m.group(2) == m.group(3) else f"{m.group(1)}{m.group(3)}, {m.group(2)}{m.group(4)}"),
    ("copy_tma.tile_constant_rows_past_box", TILE_CONST_ROWS, _to("512")),
    ("wgmma_mma.config_n_field_off_eight", FIELD_N, lambda m: f"{m.group(1)}{int(m.group(2)) + 4}"),
    ("wgmma_mma.final_tile_m_below_64", FINAL_TILE_M, _to("32")),
    ("wgmma_mma.operand_dtype_const_int8", DTYPE_F16_CONST, _to("jnp.int8")),
    ("barrier.arrival_count_config_zero", ARRIVALS_CONST, _to("0")),
    ("barrier.arrival_count_config_zero", ARRIVALS_DICT, _to("0")),
    ("barrier.num_barriers_len_short", NUM_BARRIERS_LEN, lambda m: f"{m.group(1)}{m.group(2)} - 1"),
    ("barrier.copy_barrier_sliced_pair", COPY_BARRIER,
     lambda m: f"{m.group(1)}{m.group(2)}:{m.group(2)} + 2{m.group(3)}"),
    ("pipeline.replace_stages_zero", REPLACE_STAGES, _to("0")),
    ("pipeline.ws_compute_wgs_doubled", COMPUTE_WGS, _to("2")),
    ("pipeline.ws_thread_count_one_extra", WS_PLUS, _to("2")),
    ("kernel_mesh_config.register_enum_out_of_range", REGS_ENUM,
     lambda m: f"{m.group(1)}{16 if m.group(2) == 'PRODUCER' else 264}"),
    ("kernel_mesh_config.fstring_axis_name_drift", FSTRING_AXIS, lambda m: f"{m.group(1)}{m.group(2)}s{m.group(3)}"),
    ("kernel_mesh_config.split_names_word_dropped", SPLIT_NAMES, lambda m: f"{m.group(1)}{m.group(2)}{m.group(4)}"),
    ("kernel_mesh_config.cluster_names_extra_entry", CLUSTER_NAMES_EXTRA,
     lambda m: f"{m.group(1)}{m.group(2)}, \"cz\"{m.group(3)}"),
    ("kernel_mesh_config.replace_cluster_zero", REPLACE_CLUSTER, _to("0")),
    ("register_layouts.vec_field_past_128_bits", VEC_FIELD, _to("16")),
    ("register_layouts.layout_name_string_row", LAYOUT_NAME, lambda m: f"{m.group(1)}{m.group(2)}_ROW{m.group(3)}"),
    ("register_layouts.reduce_axis_to_columns", REDUCE_AXIS, _to("0")),
    ("ops_dtypes.argparse_dtype_float64", ARGPARSE_DTYPE, _to("float64")),
    ("ops_dtypes.registry_entry_unlowered_fn", REGISTRY_FN, _to("jnp.arcsinh")),
    ("ops_dtypes.mode_string_cumulative", MODE_STRING, _to("cumsum")),
    ("ops_dtypes.scale_constant_complex", SCALE_CONST, lambda m: f"{m.group(1)}{m.group(2)}j"),
    ("ops_dtypes.namespace_dtype_string_int8", DTYPE_STRING, _to("int8")),
    ("ops_dtypes.astype_bool_mask", ASTYPE_BOOL, _to("jnp.bool_")),
    ("control_flow.unroll_constant_off_divisor", UNROLL_CONST, _to("3")),
    ("control_flow.loop_counter_float_step", COUNTER_STEP, _to("1.0")),
    ("control_flow.switch_index_made_float", SWITCH_INDEX, lambda m: f"{m.group(1)}{m.group(2)} * 1.0{m.group(3)}"),
    ("compiler_params.semantics_name_lane", SEMANTICS_NAME, _to("Lane")),
    ("compiler_params.params_key_misspelt", PARAMS_KEY, _to("approximate_math")),
    ("collectives.enum_member_without_value", ENUM_VALUE, lambda m: m.group(1)),
    ("collectives.collective_axes_first_only", AXES_FIRST, lambda m: f"{m.group(1)}{m.group(2)}[:1]"),
    ("collectives.device_id_mapping_unknown_axis", DEVICE_ID_DICT, _to("\"z\"")),
    ("collectives.op_name_case_kept", OP_LOWER, lambda m: m.group(1)),
    ("tmem.init_default_n_past_columns", INIT_TILE_N, _to("1024")),
    ("tmem.property_shape_swapped", TMEM_PROPERTY,
     lambda m: f"{m.group(1)}{m.group(4)}{m.group(3)}{m.group(2)}{m.group(5)}"),
    ("tcgen05_mma.barrier_kwargs_tensor_core_false", TENSOR_CORE_KW, _to("False")),
    ("tcgen05_mma.init_default_tile_m_32", INIT_TILE_M, _to("32")),
    ("blockspec_grid_aliases.index_map_extra_coordinate", INDEX_MAP,
     lambda m: f"{m.group(1)}{m.group(2)}, 0{m.group(3)}"),
    ("blockspec_grid_aliases.grid_true_division", GRID_DIV, _to("/")),
    ("blockspec_grid_aliases.reduce_mul_to_add", REDUCE_MUL, _to("add")),
    ("ops_dtypes.driver_input_int32", DRIVER_INT, lambda m: f"{m.group(1)}jnp.int32)"),
    ("collectives.mesh_axis_type_explicit", AXIS_TYPE, _to("Explicit")),
    ("kernel_mesh_config.grid_names_extra_entry", GRID_NAMES_EXTRA,
     lambda m: f"{m.group(1)}{m.group(2)}, \"extra\"{m.group(3)}"),
    ("pipeline.config_steps_zero", STEPS_ZERO, _to("0")),
    ("swizzle_tiling.module_transforms_swizzle_halved", MODULE_SWIZZLE, _to("64")),
    ("register_layouts.factory_block_not_warpgroup_multiple", FACTORY_BLOCK,
     lambda m: f"{m.group(1)}{int(m.group(2)) - 12}"),
    ("copy_tma.starred_tile_past_box", STARRED_TILE, _to("512")),
    ("copy_tma.argparse_rows_default_past_box", ARGPARSE_ROWS, _to("384")),
    ("register_layouts.plan_shape_minor_misfit", PLAN_SHAPE, _to("100")),
    ("collectives.reduce_dtype_field_float", REDUCE_DTYPE, _to("jnp.float32")),
    ("collectives.factory_axis_argument_renamed", FACTORY_AXIS, _to("\"dev\"")),
    ("copy_tma.factory_rows_argument_past_box", FACTORY_ROWS, _to("512")),
    ("copy_tma.init_default_rows_past_box", INIT_ROWS, _to("512")),
    ("ops_dtypes.init_default_dtype_float8", INIT_DTYPE, _to("jnp.float8_e4m3fn")),
    ("swizzle_tiling.enum_member_choice_narrowed", ENUM_CHOICE, _to("SW32")),
    ("copy_tma.choice_tuple_past_box", CHOICES, _to("384")),
    ("ops_dtypes.dtype_names_subbyte", DTYPE_NAMES, _to("int4")),
    ("control_flow.fori_carry_half_precision", FORI_CARRY, lambda m: f"{m.group(1)}({m.group(2)}).astype(jnp.float16)"),
    ("ops_dtypes.class_dtype_attr_bfloat16", CLASS_DTYPE, _to("jnp.bfloat16")),
    ("compiler_params.params_dict_unwrapped", PARAMS_UNWRAPPED, lambda m: f"{m.group(1)}{m.group(2)}"),
    ("compiler_params.semantics_name_unknown", SEMANTICS_NAME, _to("Warp")),
    ("tmem.class_attr_cols_not_power_of_two", TMEM_COLS_ATTR, _to("48")),
    ("tmem.class_attr_rows_halved", TMEM_ROWS_ATTR, _to("64")),
    ("control_flow.switch_branch_output_reduced", BRANCH_NEG, _to("jnp.sum(-v)")),
    ("control_flow.trip_count_constant_odd", TRIP_COUNT, _to("5")),
    ("control_flow.while_cond_returns_counter", WHILE_COND, lambda m: f"{m.group(1)}{m.group(2)}"),
    ("swizzle_tiling.unpacked_cols_halved", UNPACKED_COLS, lambda m: f"{m.group(1)}{int(m.group(2)) // 2}"),
    ("wgmma_mma.field_k_off_swizzle", FIELD_K, _to("48")),
    ("wgmma_mma.final_tile_n_past_256", FINAL_TILE_N, _to("512")),
)


def famheld6_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line
    docstring) is never edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
