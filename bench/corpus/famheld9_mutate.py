"""One-edit mutations for the ninth held-out families corpus `famheld9` (issue 27), written blind from JAX's own
checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py,
jax/_src/pallas/core.py, jax/experimental/mosaic/gpu/{wgmma,tcgen05,launch_context,utils}.py and
jax/_src/lax/control_flow of JAX 0.12.0.1, each cited at its operator as file:line, from
/work/shared/jax-raise-sites/sites.tsv and the installed sources) and nothing else: the checker was not read,
and the earlier sets' operators (famheld_mutate.py ... famheld8_mutate.py) only to choose other names and other
edits than theirs.

The bases (build_famheld9.py) keep what the kernel depends on in Python structures: a descriptor's default, a
property setter, a class decorator's keywords, __init_subclass__ class keywords, a metaclass DEFAULTS table, a
singledispatch table, a partialmethod, a wraps decorator factory's arguments, itertools.accumulate's initial=,
a chain of scratch lists, islice over repeat, a dataclass read by asdict / astuple, NamedTuple defaults read by
_replace / _asdict, a contextmanager override, ExitStack layers, a generator fed by send(), a nonlocal counter,
a mutable default argument, forwarded **kwargs, an argparse argv list, an INI text, a string.Template, a spec
string parsed by re.match, math.lcm / ceil / isqrt, a deepcopy'd nested dict, an operator.methodcaller, a
min(key=...) over candidates, a frozenset with comprehensions, a diamond of classes, __slots__, an abstract
property met by a class attribute, chained comparisons, conditional expressions, a global counter, a
version-dependent itertools.batched, getattr / inspect fallbacks over API drift, a StrEnum axis, a sorted set
comprehension of mesh axes, a dunder __iter__, int.bit_length rounding, map() over lambdas and zip(*pairs).
So most operators edit the value where the program keeps it, and some (marked "kernel") the kernel or its
launch directly.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX, and a mutant that still
lowers is a clean negative (several operators are expected to give clean negatives: a registry key switched to
another valid class, a min() for a max() over valid swizzles, a safe_substitute that substitutes everything,
a prefix-only axis name on separate launches ...).
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

# ---------------------------------------------------------------- swizzle_tiling

# mosaic_gpu/core.py:1390 SwizzleTransform.__post_init__ "Swizzle {n} is not supported. Only 32, 64 and 128 are
# accepted.": a data descriptor's class-level swizzle default 256.
DESC_SWIZZLE = C(r"^(\s+swizzle\s*=\s*Default\()(128)(\))")
# core.py:1402 SwizzleTransform.transform_type "Swizzle {n} requires the trailing dimension to be of size ...": the
# descriptor's cols default narrowed to 32 f16 (64 bytes) under a 128-byte swizzle.
DESC_COLS = C(r"^(\s+cols\s*=\s*Default\()(64)(\))")
# core.py:1402: the property setter assigned a 128-byte swizzle for a 32-column bf16 tile (64 bytes).
SETTER_ASSIGN = C(r"^(STAGE\.swizzle\s*=\s*)(64)()(?=\s*$)")
# lowering.py:1931 "Minor tiling dimension does not fit swizzle": the setter derives the tiling from the swizzle in
# bytes, not in elements.
SETTER_TILING = C(r"(self\.tiling\s*=\s*\(8,\s*)(value // jnp\.dtype\(self\.dtype\)\.itemsize)(\))")
# core.py:1390: the swizzle default of the contextmanager override a 48.
OVERRIDE_SWIZZLE = C(r"(with override\(swizzle=)(64)(,)")
# core.py:1402: the override's columns narrowed below the 64-byte swizzle row (16 f16 = 32 bytes).
OVERRIDE_COLS = C(r"(with override\(swizzle=\d+, cols=)(32)(\))")
# core.py:1402: the spec string's columns 48 (96 bytes under a 128-byte swizzle).
SPEC_COLS = C(r"(SPEC = \"\d+x)(64)(:)")
# core.py:1390: 256 admitted to the frozenset of valid swizzles (a 256-byte row then picks it).
FROZENSET_SWIZZLES = C(r"(frozenset\(\{)(32, 64, 128)(\}\))")
# lowering.py:1931: the per-dtype element table looked up with float32 for a bf16 tile.
ELEMS_LOOKUP = C(r"(TilingTransform\(\(8, ELEMS\[)(DTYPE)(\]\)\))")
# lowering.py:1931: an f32 tiling's minor dimension 64 under a 128-byte swizzle (32 elements).
F32_TILING = C(r"(TilingTransform\(\(8, )(32)(\)\), plgpu\.SwizzleTransform\(128\))")
# core.py:1402 / the swizzle lowering: the TilingTransform dropped from a (tiling, swizzle) pair (kernel config).
TILING_DROPPED = C(r"(\()plgpu\.TilingTransform\(\([^()]*\)\), (plgpu\.SwizzleTransform\([^()]*(?:\([^()]*\))?[^()]*\))(\))")
# (transpose of the minor dimension of a SMEM ref; lowering's transpose support) the permutation moves the minor
# dimension.
TRANSPOSE_PERM = C(r"(transpose(?:_ref)?\((?:smem, )?\()(1, 0, 2)(\)\))")

# ---------------------------------------------------------------- copy_tma

# launch_context.py:1922: the class decorator's block_rows past the box.
DECO_ROWS = C(r"^(\s+block_rows\s*=\s*)(64)(,)")
# primitives.py:896 "Expected source shape ..." / the static slice bounds: accumulate's initial offset 8 moves the
# last column segment past the array.
ACC_INITIAL = C(r"(accumulate\(WIDTHS, initial=)(0)(\))")
# the TMA box minimum (16 bytes): the last column segment 2 float32 wide.
SEGMENT_WIDTH = C(r"^(WIDTHS\s*=\s*\(64,\s*32,\s*)(32)(\))")
# primitives.py:862 "Expected dtypes to match but src had type ...": the chained SMEM buffers made float16.
CHAIN_DTYPE = C(r"^(BUFFERS = \[plgpu\.SMEM\(SHAPE, jnp\.)(float32)(\))")
# launch_context.py:1922 / mosaic/gpu/core.py (SMEM capacity): the astuple block's rows 512.
ASTUPLE_ROWS = C(r"^(\s+rows: int = )(128)()(?=\s*$)")
# primitives.py:862: the third SMEM buffer of the fused multiply-add bfloat16.
THIRD_BUFFER = C(r"^(\s+plgpu\.SMEM\(SHAPE, jnp\.)(float32)(\), plgpu\.Barrier\(num_barriers=len\(SLOTS\)\)\])")
# primitives.py:896: the mutable-default scratch buffer registered transposed.
SCRATCH_TRANSPOSED = C(r"^(scratch\(plgpu\.SMEM\()(SHAPE)(, jnp\.float32\)\))")
# launch_context.py:1922: the forwarded / batched TILE's columns past the box.
TILE_COLS = C(r"^(TILE\s*=\s*\(64,\s*)(64)(\))")
# the kernel's unpacking of its scratch refs (a ValueError tracing the body): the grouped stores get three SMEM
# buffers for the four the kernel unpacks.
GROUP_BUFFERS = C(r"(for _ in range\()(4)(\)\] \+ \[plgpu\.Barrier\(\)\])")
# primitives.py:227 / 896 (the store's source and destination shapes): the transposed kernel's output declared
# untransposed.
TRANSPOSE_OUT = C(r"(out_type=jax\.ShapeDtypeStruct\(\()(w, h, s)(\), dtype\))")

# ---------------------------------------------------------------- wgmma_mma

# mosaic/gpu/wgmma.py:416 "N must be a multiple of 8 and <= 256" / the 64-element tiling of N: the metaclass call
# asks for n=136.
META_N = C(r"^(TILE\s*=\s*Tile\(n=)(64)(\))")
# wgmma.py:69 "WGMMA requires m and n to be multiples of 64 and 8": the DEFAULTS table's m 96.
META_M = C(r"(DEFAULTS = \{\"m\":\s*)(64)(,)")
# wgmma.py:135 "Unsupported wgmma types": the DEFAULTS dtype int8 with a float32 accumulator.
META_DTYPE = C(r"(DEFAULTS = \{[^\n]*\"dtype\":\s*)(jnp\.float16)(\})")
# wgmma.py:69: the element count whose isqrt is the LHS side 48 (M = 48).
ISQRT_ELEMS = C(r"^(ELEMS\s*=\s*)(4096)()(?=\s*$)")
# wgmma.py:135 / primitives.py:2282: the short dtype alias float32 (tiling (8, 64) of a 128-byte swizzle).
ISQRT_DT = C(r"^(DT\s*=\s*)(jnp\.bfloat16)()(?=\s*$)")
# wgmma.py:416 / lowering.py:1931: a candidate tile (64, 136) that the key now prefers.
CANDIDATE_N = C(r"(CANDIDATES = \[\(64, 64\), \(64, )(128)(\))")
# launch_context.py (TMA box >= 16 bytes) / wgmma K: the tuple unpacked in the other order (TK = 3).
TK_SWAP = C(r"^(TK, K_STEPS\s*=\s*)(64, 3)()(?=\s*$)")
# tcgen05 (mma kinds) / the 128-byte swizzle of f32 operands: the module dtype of the tcgen05 tests float32.
MODULE_DTYPE_F16 = C(r"^(dtype\s*=\s*jnp\.)(float16)()(?=\s*$)")

# ---------------------------------------------------------------- barrier

# mosaic_gpu/core.py:1721 Barrier.__post_init__ "Num arrivals must be at least 1": the chained barriers' arrivals 0.
CHAIN_ARRIVALS = C(r"(plgpu\.Barrier\(num_arrivals=)(1)(\) for _ in INPUTS)")
# (expected clean) the barrier array one shorter than the slots handed out.
SLOT_COUNT = C(r"(plgpu\.Barrier\(num_barriers=)(len\(SLOTS\))(\))")
# core.py:1721: the worker count from a chained-comparison guard that subtracts 3 (0 arrivals).
WORKERS = C(r"(WORKERS = THREADS )(- 1)( if )")
# (expected clean) one barrier for the two column blocks of a group.
BATCH_BARRIERS = C(r"(plgpu\.Barrier\(num_barriers=)(PER_GROUP)(\))")
# (expected clean on 0.12, where the getattr then finds barrier_arrive: arrival without the wait).
DRIFT_NAME = C(r"(getattr\(plgpu, \")(barrier_arrive_and_wait)(\")")
# core.py:1746 ClusterBarrier.__post_init__ "Num arrivals must be at least 1": a ClusterBarrier with 0 arrivals.
CLUSTER_ARRIVALS = C(r"(plgpu\.ClusterBarrier\(collective_axes=\(AXIS,\))()(\))")
# tcgen05_commit_arrive / tcgen05_mma on a barrier that does not order the tensor core (kernel).
TC_BARRIER = C(r"(plgpu\.Barrier\()(orders_tensor_core=True)(\))")

# ---------------------------------------------------------------- pipeline

# pipeline.py:316 (max_concurrent_steps must exceed delay_release) / a zero-slot ring: the class keyword stages=0.
SUBCLASS_STAGES = C(r"^(\s+stages\s*=\s*)(3)(,)")
# pipeline.py emit_pipeline (in_specs must match the inputs): islice stops at two specs for three inputs.
ISLICE_COUNT = C(r"^(N_IN\s*=\s*)(3)()(?=\s*$)")
# pipeline.py:985 "SMEM outputs are not supported with multiple compute warpgroups": an ExitStack layer sets
# compute_wgs (3) instead of stages.
LAYER_KEY = C(r"(for overrides in \(\{\")(stages)(\": 3\})")
# pipeline.py:791 "Memory thread must be the last thread": the thread count of the abstract plan two past the
# compute warpgroups.
THREADS_PLUS = C(r"(return self\.compute_wgs )(\+ 1)()(?=\s*$)")
# pipeline.py:985: the warp-specialized output spec's memory space SMEM (two compute warpgroups).
OUT_SPACE = C(r"(BlockSpec\(PLAN\.block, lambda i: \(0, i\), memory_space=plgpu\.)(GMEM)(\))")
# (a 128-row block over 3 compute warpgroups) the class attribute that meets the abstract property 3.
ABSTRACT_WGS = C(r"^(\s+compute_wgs\s*=\s*)(2)()(?=\s*$)")
# pipeline.py:316 / a zero-deep pipeline: max_concurrent_steps=0 in an emit_pipeline call (kernel).
PIPE_DEPTH = C(r"(max_concurrent_steps=)(2)(\b)")

# ---------------------------------------------------------------- kernel_mesh_config

# trace-time NameError (an axis bound nowhere, jax/_src/core axis lookup): the class attribute naming the axis the
# kernel reads differs from the launch's grid_names.
CLASS_AXIS = C(r"^(\s+axis\s*=\s*\")(row)(\")")
# mosaic_gpu/core.py:1860 Mesh.__post_init__ "grid_names must have the same length as grid": the wrapped
# launcher's grid gets a second dimension.
WRAPPED_GRID = C(r"(grid=\(size // block,)()(\),)")
# core.py:1868 "num_threads and thread_name must be either both set or both None": the NamedTuple's thread_name
# default None.
NT_THREAD_NAME = C(r"^(\s+thread_name: str = )(\"wg\")()(?=\s*$)")
# primitives.py:3544 _set_max_registers_abstract_eval "n must be a positive multiple of 8": the producer's
# register budget 36.
PRODUCER_REGS = C(r"(\"producer\":\s*)(40)(,)")
# primitives.py:3544 (through emit_pipeline_warp_specialized's set_max_registers): the base layer's memory
# registers 44.
BASE_MEM_REGS = C(r"(\"memory_registers\":\s*)(40)(\})")
# the kernel's arity (a TypeError tracing the body): the mutable default collects an extra SMEM buffer.
MUTABLE_EXTRA = C(r"^(scratch\(plgpu\.SMEM\(SHAPE, jnp\.float32\))()(\))")
# core.py:1860: the forwarded grid names reduced to one.
FWD_NAMES = C(r"^(NAMES\s*=\s*)(\(\"i\", \"j\"\))()(?=\s*$)")
# plgpu.kernel / Mesh keywords (a TypeError at the launch): the forwarded grid_names keyword misspelt.
FWD_KEYWORD = C(r"(grid=GRID, )(grid_names)(=NAMES\))")
# the kernel's arity / unpacking (ValueError tracing the body): a name dropped from the outputs tuple.
PARTS = C(r"^(PARTS\s*=\s*\(\"low\", \"mid\")(, \"high\")(\))")
# core.py:1874: the chained-comparison module's THREADS 9 (1152 CUDA threads).
THREADS_CONST = C(r"^(THREADS\s*=\s*)(3)()(?=\s*$)")
# trace-time NameError: the launch's grid name written as the counter's prefix, not the counted axis.
COUNTER_NAMES = C(r"(grid_names=\()(axis)(,\)\))")
# (expected clean) the counter's axis name without the count (the launches are separate kernels).
COUNTER_PREFIX = C(r"(return )(f\"\{prefix\}\{_LAUNCHES\}\")()")
# the kernel's arity: the chained barriers only for the first input.
CHAIN_BARRIERS = C(r"^(BARRIERS = \[plgpu\.Barrier\(num_arrivals=1\) for _ in )(INPUTS)(\])")

# ---------------------------------------------------------------- register_layouts

# mosaic/gpu/utils.py:441 "Only 32-, 64- and 128-bit loads are supported": NamedTuple._replace(vec=8) of float32.
REPLACE_VEC = C(r"(_replace\(vec=)(4)(\))")
# fragmented_array WGStridedFragLayout (the shape must split over 128 threads x vec): _replace of rows, not vec.
REPLACE_FIELD = C(r"(_replace\()(vec)(=4\))")
# the same: the NamedTuple's cols default 3.
NT_COLS = C(r"^(\s+cols: int = )(64)()(?=\s*$)")
# layout inference of a 1-D block that is no multiple of 128 x vec: the launcher's block 200.
BLOCK_PAIR = C(r"^(BLOCK,\s*SIZE\s*=\s*)(256)(,)")
# the same: the argv list's block 200.
ARGV_BLOCK = C(r"(parse_args\(\[\"--block\", \")(256)(\")")
# the same: the lcm-aligned block divided by 3 (42 elements).
LCM_BLOCK = C(r"^(BLOCK\s*=\s*ALIGN\s*)(\* 2)()(?=\s*$)")
# the same: the second launch's block 192 (kernel launch).
COUNTER_BLOCK = C(r"(make_scale\(0\.5, block=)(512)(\))")
# the same: the conditional expression's SIZE 100.
COND_SIZE = C(r"(SIZE = )(512)( if )")
# utils.py:441: the INI text's vec 8 (256-bit float32 loads).
INI_VEC = C(r"^(vec = )(4)()(?=\s*$)")
# utils.py:441: methodcaller's vec argument 8.
CALLER_VEC = C(r"(methodcaller\(\"strided\", )(2)(\))")
# layout_cast / iota to a WG_SPLAT layout (lowering.py layout_cast rules): methodcaller picks splat.
CALLER_SPLAT = C(r"(methodcaller\()(\"strided\", 2)(\))")
# lowering.py reduce over a WGMMA layout: the __slots__ instance's axis 0.
SLOTS_AXIS = C(r"(Reduction\(128, 64, )(1)(, jnp\.\w+\))")
# WGMMA layouts need 64-row multiples (fragmented_array): the __slots__ instance's rows 96.
SLOTS_ROWS = C(r"(Reduction\()(128)(, 64, 1)")
# (storing a WG_STRIDED value into swizzled SMEM; lowering's store / transfer rules) the drift loader's layout.
DRIFT_LAYOUT = C(r"(layout=plgpu\.Layout\.)(WGMMA)(, optimized=False\))")
# register layouts of a ref's row block (WGMMA tiles of 64 rows): the middle pair's height 96.
PAIR_HEIGHT = C(r"(PAIRS = \[\(0, 64\), \(64, )(128)(\))")
# the same: the last pair's height 32.
PAIR_LAST = C(r"(\(192, )(64)(\)\])")

# ---------------------------------------------------------------- ops_dtypes

# swizzle rows / lowering.py:1931: the descriptor's dtype int8 (128 elements per 128-byte row, 64 columns).
DESC_DTYPE = C(r"^(\s+dtype\s*=\s*Default\()(jnp\.float16)(\))")
# lowering.py (convert_element_type to a sub-byte type): the singledispatch table's "brain" entry int4.
DISPATCH_BRAIN = C(r"(\"brain\":\s*)(jnp\.bfloat16)()")
# (f16 input; the f16 -> bf16 convert) the singledispatch input dtype 16.
DISPATCH_IN = C(r"(IN_DTYPE\s*=\s*resolve\()(32)(\))")
# lowering.py:1127 "Unimplemented primitive in Pallas Mosaic GPU lowering": silu by lax.logistic.
SILU_BODY = C(r"(return )(x / \(1\.0 \+ jnp\.exp\(-x\)\))()")
# lowering.py:1127 (or a clean negative where exp2 lowers): silu's exp written as exp2.
SILU_EXP2 = C(r"(1\.0 \+ jnp\.)(exp)(\(-x\))")
# lowering.py:1127: softplus written with log1p.
LOG1P = C(r"(jnp\.)(log)(\(1\.0 \+ jnp\.exp\(x_ref\[win\]\)\))")
# primitives.py:5452 "Invalid dtype for `swap`": the argparse dtype default int8 (the float result stored into int8).
ARGV_DTYPE = C(r"(add_argument\(\"--dtype\", default=\")(float32)(\"\))")
# lowering.py:1127: the __slots__ reduction argmin.
SLOTS_OP = C(r"(Reduction\(128, 64, 1, jnp\.)(max)(\))")
# swizzle / lowering.py:1931: the contextmanager CONFIG's dtype int8.
CONFIG_DTYPE = C(r"(^CONFIG = \{[^\n]*\"dtype\":\s*)(jnp\.float16)(\})")
# primitives.py:5452 (multimem_store / the swap into the int32 output): the tile float32.
FULL_DTYPE = C(r"(jnp\.full\(SHAPE, 5, jnp\.)(int32)(\))")

# ---------------------------------------------------------------- control_flow

# jax/_src/lax/control_flow/loops.py fori_loop (lower and upper must share a type): the trip count sent as a float.
SEND_TRIPS = C(r"(PLANNER\.send\()(6)(\))")
# loops.py (body_fun output and input must have identical types): the fori step's carry downcast.
STEP_CARRY = C(r"^(\s+return )(acc \+ x)()(?=\s*$)")
# conditionals.py (true_fun and false_fun output must have identical types): the false branch float16.
COND_BRANCH = C(r"(, lambda v: )(v)(, x\))")
# primitives.py:5452: map()'s branches cast to bfloat16 (stored into the float32 output).
MAP_BRANCH = C(r"(lambda s: \(lambda v: )(v \* s)(\))")
# conditionals.py switch (branches must be a sequence of callables): one branch passed.
SWITCH_BRANCHES = C(r"(lax\.switch\(sel_ref\[0\], )(BRANCHES)(,)")
# conditionals.py switch (index must be a scalar): the selector read as the whole ref (kernel).
SWITCH_INDEX = C(r"(lax\.switch\(sel_ref\[)(0)(\],)")

# ---------------------------------------------------------------- compiler_params

# CompilerParams (a TypeError: unexpected keyword): the dataclass field renamed.
PARAMS_FIELD = C(r"^(\s+)(approx_math)(: bool = True)")
# CompilerParams(lowering_semantics=...) given the enum member's name as a string.
PARAMS_SEMANTICS = C(r"(lowering_semantics: object = )(plgpu\.LoweringSemantics\.Warpgroup)()")
# (expected clean) the dataclass default Lane.
PARAMS_LANE = C(r"(lowering_semantics: object = plgpu\.LoweringSemantics\.)(Warpgroup)()")

# ---------------------------------------------------------------- collectives

# mosaic/gpu/utils.py:480 "Only add is supported for f32" (Lane) / the WG verifier: the INI op max.
INI_OP = C(r"^(op = )(add)()(?=\s*$)")
# primitives.py:6010 "collective_axes ... must equal entire mesh axes": the Template's unfilled text.
TEMPLATE_AXES = C(r"(semaphore_signal_multicast\(sem, collective_axes=)(AXIS)(\))")
# (expected clean) safe_substitute with every placeholder given.
TEMPLATE_SAFE = C(r"(AXIS_NAME\.)(substitute)(\(role=\"peer\", rank=0\))")
# primitives.py:5749 (multimem_store compares set(collective_axes), a string's letters): the StrEnum's value "data".
STRENUM_VALUE = C(r"^(\s+DATA\s*=\s*\")(x)(\")")
# the multimem_store source tile of WG_SPLAT layout (kernel).
STORE_SPLAT = C(r"(jnp\.full\(SHAPE, 5, jnp\.int32\), plgpu\.Layout\.)(WGMMA)(\))")
# "collective_axes=() is refused" (the multimem checks of an empty axis set): the set comprehension's filter 2.
SETCOMP_FILTER = C(r"(if size > )(1)(\}\)\))")
# primitives.py:5810 "Only collective_axes that include all JAX device mesh axes": a size-1 mesh axis filtered out.
MESH_SIZE_ONE = C(r"(MESH_SHAPE = \{\"x\": 2, \"y\": )(2)(\})")
# primitives.py:5893 "Unsupported integer reduction op": the reduction "mul".
REDUCE_OP = C(r"(reduction_op=\")(max)(\")")

# ---------------------------------------------------------------- cluster_collective

# mosaic_gpu/core.py Mesh / the multicast split ("None of the leading dimensions ... is divisible by"): the
# deepcopy'd cluster size 3.
DEEPCOPY_CLUSTER = C(r"(\"cluster\": \{\"size\":\s*)(2)(,)")
# lowering.py:3323 "Unknown cluster axis": the multicast copy's collective axis named after the grid.
MULTICAST_AXIS = C(r"(copy_gmem_to_smem\(x_gmem, smem, bar, collective_axes=)(AXIS)(\))")
# the multicast split: the override's rows odd (33).
DEEPCOPY_ROWS = C(r"^(CFG\[\"tile\"\]\[\"rows\"\] = )(32)()(?=\s*$)")
# lowering.py:3323: the ClusterBarrier's collective axis named after the grid.
CLUSTER_BARRIER_AXIS = C(r"(plgpu\.ClusterBarrier\(collective_axes=\()(AXIS)(,\)\))")
# (a cluster of 3 over 42-row halves) the __iter__ object's size 3.
ITER_SIZE = C(r"(ClusterShape\()(2)(, \"pair\"\))")

# ---------------------------------------------------------------- tmem

# mosaic/gpu/tcgen05.py:940 "ncols must be a power of 2 and within [32, 512]": a mixin that widens by 32 columns.
MIXIN_COLS = C(r"^(\s+self\.cols\s*)(\*= 2)()(?=\s*$)")
# TMEM lanes (128 rows) / the TCGEN05 layout: the base allocation's rows 64.
BASE_ROWS = C(r"^(\s+self\.rows, self\.cols\s*=\s*)(128)(, 128)")
# tcgen05.py:940: the allocation not rounded to a power of two.
ALLOC_UNROUNDED = C(r"^(ALLOC_COLS\s*=\s*)(1 << \(USED_COLS - 1\)\.bit_length\(\))()(?=\s*$)")
# tcgen05.py:940: 600 used columns round to 1024.
USED_COLS = C(r"^(USED_COLS\s*=\s*)(100)()(?=\s*$)")
# tcgen05.py:940: bit_length of an eighth of the width (16 columns).
BIT_LENGTH_ARG = C(r"(1 << )(\(USED_COLS - 1\))(\.bit_length\(\))")
# TMEM ref slicing past the allocation (the TMEM slice bounds): the first slice to 300.
TMEM_SLICE = C(r"(tmem_ref\.at\[:, 8:)(208)(\])")
# tcgen05.py:940: the column-sliced TMEM allocation 200 columns.
TMEM_ALLOC = C(r"(plgpu\.TMEM\(\(128, )(256)(\), jnp\.float32\))")
# the TMEM store's shape: one of the two round-trip allocations 64 columns wide.
ROUNDTRIP_ALLOC = C(r"^(\s+plgpu\.TMEM\(\(128, )(128)(\), jnp\.float32, collective=collective\),)")
# core.py:202 "dtypes narrower than 32-bit require either the packed argument or an explicit TMEM layout" / the
# SMEM -> TMEM copy of an unpacked f16: packed=False.
PACKED = C(r"(plgpu\.TMEM\(\(m, n\), dtype, )(packed=True)(\))")
# (the f32 accumulator packed) the tcgen05 accumulator allocation packed=True.
ACC_PACKED = C(r"(plgpu\.TMEM\(\(m, n\), jnp\.float32, packed=)(False)(\))")

# ---------------------------------------------------------------- blockspec_grid_aliases

# launch_context.py (the TMA box's minor dimension: >= 16 bytes): a subclass keyword's block minor 2.
SUBCLASS_BLOCK = C(r"^(\s+block\s*=\s*\(32,\s*)(128)(\)\):)")
# jax/_src/pallas/core.py:680 "Index map function ... must return N values": the index map returns one coordinate.
INDEX_ONE = C(r"(lambda j: )(\(0, j\))()")
INDEX_ROW_DROPPED = C(r"(lambda i: )(\(0, i\))()")
# the TMA box minimum: the astuple block's cols 2.
ASTUPLE_COLS = C(r"^(\s+cols: int = )(32)()(?=\s*$)")
# core.py:626 / BlockSpec(block_shape=...) given a dict: astuple replaced by asdict.
ASTUPLE_FN = C(r"(plgpu\.BlockSpec\(dataclasses\.)(astuple)(\(BLOCK\))")
# (expected clean: a dynamic window past the end) the vector size off the block.
CEIL_SIZE = C(r"^(N\s*=\s*)(3072)()(?=\s*$)")


EDITS = (
    ("swizzle_tiling.descriptor_swizzle_default_256", DESC_SWIZZLE, _to("256")),
    ("swizzle_tiling.descriptor_cols_below_swizzle_row", DESC_COLS, _to("32")),
    ("swizzle_tiling.setter_assigned_wide_swizzle", SETTER_ASSIGN, _to("128")),
    ("swizzle_tiling.setter_tiling_in_bytes", SETTER_TILING, _to("value")),
    ("swizzle_tiling.override_swizzle_48", OVERRIDE_SWIZZLE, _to("48")),
    ("swizzle_tiling.override_cols_below_row", OVERRIDE_COLS, _to("16")),
    ("swizzle_tiling.spec_string_cols_48", SPEC_COLS, _to("48")),
    ("swizzle_tiling.frozenset_admits_256", FROZENSET_SWIZZLES, _to("32, 64, 128, 256")),
    ("swizzle_tiling.elems_lookup_float32", ELEMS_LOOKUP, _to("jnp.float32")),
    ("swizzle_tiling.f32_tiling_minor_doubled", F32_TILING, _to("64")),
    ("swizzle_tiling.tiling_transform_dropped", TILING_DROPPED, lambda m: f"{m.group(1)}{m.group(2)},{m.group(3)}"),
    ("swizzle_tiling.transpose_moves_minor_dim", TRANSPOSE_PERM, _to("2, 0, 1")),
    ("copy_tma.decorator_block_rows_past_box", DECO_ROWS, _to("320")),
    ("copy_tma.accumulate_initial_offset", ACC_INITIAL, _to("8")),
    ("copy_tma.segment_width_below_16_bytes", SEGMENT_WIDTH, _to("2")),
    ("copy_tma.chained_buffers_half", CHAIN_DTYPE, _to("float16")),
    ("copy_tma.astuple_rows_past_box", ASTUPLE_ROWS, _to("512")),
    ("copy_tma.third_buffer_bfloat16", THIRD_BUFFER, _to("bfloat16")),
    ("copy_tma.collected_buffer_transposed", SCRATCH_TRANSPOSED, _to("SHAPE[::-1]")),
    ("copy_tma.tile_cols_past_box", TILE_COLS, _to("320")),
    ("copy_tma.grouped_buffers_one_short", GROUP_BUFFERS, _to("3")),
    ("copy_tma.transposed_out_declared_untransposed", TRANSPOSE_OUT, _to("h, w, s")),
    ("wgmma_mma.metaclass_call_n_off_tiling", META_N, _to("136")),
    ("wgmma_mma.defaults_table_m_96", META_M, _to("96")),
    ("wgmma_mma.defaults_dtype_int8", META_DTYPE, _to("jnp.int8")),
    ("wgmma_mma.isqrt_side_48", ISQRT_ELEMS, _to("2304")),
    ("wgmma_mma.isqrt_operands_float32", ISQRT_DT, _to("jnp.float32")),
    ("wgmma_mma.min_key_candidate_n_136", CANDIDATE_N, _to("136")),
    ("wgmma_mma.k_tuple_unpacked_swapped", TK_SWAP, _to("3, 64")),
    ("wgmma_mma.tcgen05_module_dtype_float32", MODULE_DTYPE_F16, _to("float32")),
    ("barrier.chained_barriers_no_arrivals", CHAIN_ARRIVALS, _to("0")),
    ("barrier.slot_array_one_short", SLOT_COUNT, _to("len(SLOTS) - 1")),
    ("barrier.guarded_workers_zero", WORKERS, _to("- 3")),
    ("barrier.batched_group_single_barrier", BATCH_BARRIERS, _to("1")),
    ("barrier.drift_getattr_arrive_only", DRIFT_NAME, _to("barrier_arrive")),
    ("barrier.cluster_barrier_no_arrivals", CLUSTER_ARRIVALS, _to(", num_arrivals=0")),
    ("barrier.tensor_core_barrier_unordered", TC_BARRIER, _to("")),
    ("pipeline.subclass_keyword_stages_zero", SUBCLASS_STAGES, _to("0")),
    ("pipeline.islice_count_short", ISLICE_COUNT, _to("2")),
    ("pipeline.exitstack_layer_compute_wgs", LAYER_KEY, _to("compute_wgs")),
    ("pipeline.threads_property_plus_two", THREADS_PLUS, _to("+ 2")),
    ("pipeline.ws_gmem_out_spec_to_smem", OUT_SPACE, _to("SMEM")),
    ("pipeline.abstract_compute_wgs_three", ABSTRACT_WGS, _to("3")),
    ("pipeline.pipeline_depth_zero", PIPE_DEPTH, _to("0")),
    ("kernel_mesh_config.class_axis_attr_renamed", CLASS_AXIS, _to("rows")),
    ("kernel_mesh_config.wrapped_grid_extra_dim", WRAPPED_GRID, _to(" 2")),
    ("kernel_mesh_config.namedtuple_thread_name_none", NT_THREAD_NAME, _to("None")),
    ("kernel_mesh_config.producer_regs_unaligned", PRODUCER_REGS, _to("36")),
    ("kernel_mesh_config.base_memory_registers_unaligned", BASE_MEM_REGS, _to("44")),
    ("kernel_mesh_config.mutable_default_extra_buffer", MUTABLE_EXTRA, _to(", plgpu.SMEM(SHAPE, jnp.float32)")),
    ("kernel_mesh_config.forwarded_names_single", FWD_NAMES, _to("(\"i\",)")),
    ("kernel_mesh_config.forwarded_keyword_misspelt", FWD_KEYWORD, _to("grid_name")),
    ("kernel_mesh_config.parts_tuple_shortened", PARTS, _to("")),
    ("kernel_mesh_config.threads_past_block_limit", THREADS_CONST, _to("9")),
    ("kernel_mesh_config.counter_grid_name_literal", COUNTER_NAMES, _to("\"blk\"")),
    ("kernel_mesh_config.counter_axis_prefix_only", COUNTER_PREFIX, _to("prefix")),
    ("kernel_mesh_config.chained_barriers_first_input_only", CHAIN_BARRIERS, _to("INPUTS[:1]")),
    ("register_layouts.replace_vec_256_bit", REPLACE_VEC, _to("8")),
    ("register_layouts.replace_rows_for_vec", REPLACE_FIELD, _to("rows")),
    ("register_layouts.namedtuple_cols_three", NT_COLS, _to("3")),
    ("register_layouts.launcher_block_200", BLOCK_PAIR, _to("200")),
    ("register_layouts.argv_block_200", ARGV_BLOCK, _to("200")),
    ("register_layouts.lcm_block_divided", LCM_BLOCK, _to("// 3")),
    ("register_layouts.second_launch_block_192", COUNTER_BLOCK, _to("192")),
    ("register_layouts.conditional_size_100", COND_SIZE, _to("100")),
    ("register_layouts.ini_vec_eight", INI_VEC, _to("8")),
    ("register_layouts.methodcaller_vec_eight", CALLER_VEC, _to("8")),
    ("register_layouts.methodcaller_splat", CALLER_SPLAT, _to("\"splat\"")),
    ("register_layouts.slots_axis_rows", SLOTS_AXIS, _to("0")),
    ("register_layouts.slots_rows_96", SLOTS_ROWS, _to("96")),
    ("register_layouts.drift_load_strided", DRIFT_LAYOUT, _to("WG_STRIDED(SHAPE, vec_size=2)")),
    ("register_layouts.row_block_height_96", PAIR_HEIGHT, _to("96")),
    ("register_layouts.row_block_height_32", PAIR_LAST, _to("32")),
    ("ops_dtypes.descriptor_dtype_int8", DESC_DTYPE, _to("jnp.int8")),
    ("ops_dtypes.dispatch_entry_int4", DISPATCH_BRAIN, _to("jnp.int4")),
    ("ops_dtypes.dispatch_input_half", DISPATCH_IN, _to("16")),
    ("ops_dtypes.silu_by_lax_logistic", SILU_BODY, _to("x * jax.lax.logistic(x)")),
    ("ops_dtypes.silu_exp_as_exp2", SILU_EXP2, _to("exp2")),
    ("ops_dtypes.softplus_log1p", LOG1P, _to("log1p")),
    ("ops_dtypes.argparse_dtype_default_int8", ARGV_DTYPE, _to("int8")),
    ("ops_dtypes.slots_reduction_argmin", SLOTS_OP, _to("argmin")),
    ("ops_dtypes.config_dtype_int8", CONFIG_DTYPE, _to("jnp.int8")),
    ("ops_dtypes.multimem_tile_float32", FULL_DTYPE, _to("float32")),
    ("control_flow.send_trips_float", SEND_TRIPS, _to("6.0")),
    ("control_flow.fori_carry_downcast", STEP_CARRY, _to("(acc + x).astype(jnp.bfloat16)")),
    ("control_flow.cond_false_branch_half", COND_BRANCH, _to("v.astype(jnp.float16)")),
    ("control_flow.map_branches_bfloat16", MAP_BRANCH, _to("(v * s).astype(jnp.bfloat16)")),
    ("control_flow.switch_given_one_branch", SWITCH_BRANCHES, _to("BRANCHES[0]")),
    ("control_flow.switch_index_whole_ref", SWITCH_INDEX, _to("...")),
    ("compiler_params.dataclass_field_renamed", PARAMS_FIELD, _to("approximate_math")),
    ("compiler_params.dataclass_semantics_name", PARAMS_SEMANTICS, _to("\"Warpgroup\"")),
    ("compiler_params.dataclass_semantics_lane", PARAMS_LANE, _to("Lane")),
    ("collectives.ini_op_max_f32", INI_OP, _to("max")),
    ("collectives.template_text_as_axes", TEMPLATE_AXES, _to("AXIS_NAME.template")),
    ("collectives.template_safe_substitute", TEMPLATE_SAFE, _to("safe_substitute")),
    ("collectives.strenum_value_multi_letter", STRENUM_VALUE, _to("data")),
    ("collectives.multimem_store_splat_tile", STORE_SPLAT, _to("WG_SPLAT(SHAPE)")),
    ("collectives.setcomp_filter_empty", SETCOMP_FILTER, _to("2")),
    ("collectives.mesh_axis_of_size_one", MESH_SIZE_ONE, _to("1")),
    ("collectives.load_reduce_op_mul", REDUCE_OP, _to("mul")),
    ("cluster_collective.deepcopy_cluster_three", DEEPCOPY_CLUSTER, _to("3")),
    ("cluster_collective.multicast_axis_grid_name", MULTICAST_AXIS, _to("\"blk\"")),
    ("cluster_collective.deepcopy_rows_odd", DEEPCOPY_ROWS, _to("33")),
    ("cluster_collective.cluster_barrier_grid_axis", CLUSTER_BARRIER_AXIS, _to("\"blk\"")),
    ("cluster_collective.iter_cluster_size_three", ITER_SIZE, _to("3")),
    ("tmem.mixin_cols_plus_32", MIXIN_COLS, _to("+= 32")),
    ("tmem.base_alloc_rows_64", BASE_ROWS, _to("64")),
    ("tmem.alloc_cols_unrounded", ALLOC_UNROUNDED, _to("USED_COLS")),
    ("tmem.bit_length_of_eighth", BIT_LENGTH_ARG, _to("(USED_COLS // 8)")),
    ("tmem.column_slice_past_alloc", TMEM_SLICE, _to("300")),
    ("tmem.sliced_alloc_200_cols", TMEM_ALLOC, _to("200")),
    ("tmem.roundtrip_alloc_64_cols", ROUNDTRIP_ALLOC, _to("64")),
    ("tmem.f16_alloc_unpacked", PACKED, _to("packed=False")),
    ("tmem.f32_accumulator_packed", ACC_PACKED, _to("True")),
    ("blockspec_grid_aliases.subclass_block_minor_2", SUBCLASS_BLOCK, _to("2")),
    ("blockspec_grid_aliases.index_map_returns_one", INDEX_ONE, _to("(j,)")),
    ("blockspec_grid_aliases.index_map_returns_one", INDEX_ROW_DROPPED, _to("(i,)")),
    ("blockspec_grid_aliases.astuple_cols_2", ASTUPLE_COLS, _to("2")),
    ("blockspec_grid_aliases.block_shape_asdict", ASTUPLE_FN, _to("asdict")),
    ("blockspec_grid_aliases.ceil_size_off_block", CEIL_SIZE, _to("3000")),
)


def famheld9_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line
    docstring) is never edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
