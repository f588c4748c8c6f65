"""One-edit mutations for the eighth held-out families corpus `famheld8` (issue 27), written blind from
JAX's own checks (the `raise` sites of jax/_src/pallas/mosaic_gpu/{core,primitives,lowering,pipeline}.py,
jax/experimental/mosaic/gpu/{core,launch_context,wgmma,tcgen05,utils,fragmented_array}.py and
jax/_src/lax/control_flow of JAX 0.12.0.1, each cited at its operator as file:line) and nothing else: the
checker was not read, and the earlier sets' operators (famheld_mutate.py, famheld5_mutate.py,
famheld6_mutate.py, famheld7_mutate.py) only to choose other names and other edits than theirs.

The bases (build_famheld8.py) keep what the kernel depends on in Python structures: a classmethod's
default, a dataclass field read by __post_init__, a __getitem__ table, an __getattr__ defaults dict, a
__call__ object's __init__ defaults, a super().__init__ call, an abstract method's override, an lru_cache'd
function's default, a cached_property, a dict | dict merge, a ChainMap layer, a defaultdict slot counter, a
MappingProxyType table, a JSON string, an os.environ.get default, an itemgetter over a settings dict, a
max(key=...) choice, a walrus, a match arm, a lambda table, a generator for next(), a zip(strict=True), a
divmod, a "k=v;..." string parsed with int(), a str.format / %-formatted axis name, tuple slices and
negative indices, bisect over a table, a fractions.Fraction, an enum.Flag, field(default_factory=...), a
typing.Literal table, loop-bound default arguments, a module-level if, try/except fallbacks, a global
rebinding, an Enum-keyed class registry and a context manager. So most operators edit the value where the
program keeps it, and some (marked "kernel") the kernel or its launch directly.
Nothing here decides whether a mutant fails: label.py lowers each one under real JAX, and a mutant that
still lowers is a clean negative (several operators are expected to give clean negatives: a late-binding
closure whose values all lower, a min() for a max(), a swapped itemgetter of equal values ...).
"""

from __future__ import annotations

import re

from famheld_mutate import Mutant, one_edit_mutants
from famheld_mutate import replace_group as _to

C = re.compile

# ---------------------------------------------------------------- swizzle_tiling

# mosaic_gpu/core.py:1391 SwizzleTransform.__post_init__ "Swizzle {n} is not supported. Only 32, 64 and 128":
# a classmethod constructor's swizzle default 96.
CLASSMETHOD_SWIZZLE = C(r"(def \w+\(cls\b[^\n]*?\bswizzle\s*=\s*)(\d+)()")
# core.py:1391 again: an lru_cache'd transforms function's swizzle default 48.
CACHED_FN_SWIZZLE = C(r"(@?\bdef transforms_for\([^\n]*?\bswizzle\s*=\s*)(\d+)()")
# core.py:1391: a generator's candidate swizzles with 16 (a CUDA-API swizzle) tried first.
CANDIDATE_SWIZZLES = C(r"(for s in \()(128, 64, 32)(\))")
# core.py:1391: a module-level `swizzle = 128` variable (lower case, as in JAX's tests) set to 16.
MODULE_SWIZZLE_VAR = C(r"^(swizzle\s*=\s*)(128)()(?=\s*$)")
# core.py:1402 SwizzleTransform.transform_type "Swizzle {n} requires the trailing dimension to be of size
# ...": super().__init__ called with a swizzle too wide for its 32 bf16 columns.
SUPER_SWIZZLE = C(r"(super\(\)\.__init__\([^\n]*?\bswizzle\s*=\s*)(\d+)()")
# core.py:1402: the cached transforms keyed by a hard-wired dtype name instead of the array's own.
CACHE_KEY = C(r"(transforms_for\()(str\(\w+\.dtype\))(\))")
# core.py:1402: the minor dimension of a SHAPE constant halved under the same swizzle.
SHAPE_MINOR = C(r"^(SHAPE\s*=\s*\(\s*\d+\s*,\s*)(\d+)(\s*\))")
# core.py:1402 / lowering.py:1932 "Minor tiling dimension does not fit swizzle": a module dtype narrowed to
# int8 (128 elements per swizzle row for 64 columns).
MODULE_DTYPE_I32 = C(r"^(dtype\s*=\s*)(jnp\.int32)()(?=\s*$)")
# primitives.py:2283 "WGMMA lhs tiling does not fit swizzle" / lowering.py:1932: a module transforms tuple
# whose tiling's minor dimension is halved (kernel config).
MODULE_TILING = C(r"(^transforms\s*=\s*\(plgpu\.TilingTransform\(\(8,\s*)(64)(\)\))")
# lowering.py:1932 / the swizzled dynamic slice check the test next to this one exercises: the dynamic
# offset's unit 8 elements, not a swizzle row (kernel).
DYN_OFFSET = C(r"(dyn_idx\s*=\s*offset_ref\[0\]\s*\*\s*)(swizzle_elems)()")

# ---------------------------------------------------------------- copy_tma

# mosaic/gpu/launch_context.py:1922 "Async copies only support copying <=256 elements along each
# dimension": a classmethod's rows default past the TMA box.
CLASSMETHOD_ROWS = C(r"(def \w+\(cls\b[^\n]*?\brows\s*=\s*)(\d+)()")
# launch_context.py:1922: a dataclass field `rows` / `block_rows` (read by __post_init__) past the box.
FIELD_ROWS = C(r"^(\s*(?:rows|block_rows)\s*:\s*int\s*=\s*)(\d+)()(?=\s*$)")
# launch_context.py:1922: the subclass instance built with rows past the box.
INSTANCE_ROWS = C(r"(^\w+\s*=\s*\w*Staging\(rows=)(\d+)(\))")
# launch_context.py:1922: a __getattr__ defaults table's block_cols past the box.
DEFAULTS_COLS = C(r"([\"']block_cols[\"']\s*:\s*)(\d+)()")
# launch_context.py:1922: the ChainMap's bottom (defaults) layer's cols past the box.
CHAINMAP_COLS = C(r"(^DEFAULTS\s*=\s*\{[^\n]*?[\"']cols[\"']\s*:\s*)(\d+)()")
# launch_context.py:1922: the tile in a JSON config string past the box.
JSON_TILE = C(r"([\"']tile[\"']:\s*\[\s*\d+\s*,\s*)(\d+)(\s*\])")
# launch_context.py:1922: the rows handed to a configure() that rebinds globals, past the box.
CONFIGURE_ROWS = C(r"(^\s*configure\(\s*)(\d+)(\s*,)")
# primitives.py:897 _copy_gmem_to_smem_abstract_eval "Expected source shape to be ..., but got ...": the
# configure() call's columns narrowed (the SMEM buffer no longer matches the GMEM window).
CONFIGURE_COLS = C(r"(^\s*configure\(\s*\d+\s*,\s*)(\d+)(\s*\))")
# launch_context.py:1922: the shape pushed by a context manager past the box.
WITH_SHAPE = C(r"(with tile_shape\(\(\s*\d+\s*,\s*)(\d+)(\s*\)\))")
# primitives.py:897: __enter__ returns the outer (default) shape, so the driver's input no longer matches.
ENTER_RETURN = C(r"(^\s*return\s+)(self\.shape)()(?=\s*$)")
# mosaic/gpu/launch_context.py (TMA strides must be 16-byte multiples) / :1922: a tile's minor dimension of
# 6 float32 (24 bytes).
TILE_MINOR = C(r"(^TILE\s*=\s*\(\s*\d+\s*,\s*)(\d+)(\s*\))")
# primitives.py:897 / the kernel's arity: a third output named in the tuple that sizes out_type.
OUTPUT_NAMES = C(r"(^OUTPUTS\s*=\s*\([^\n]*?)(\))(?=\s*$)")

# ---------------------------------------------------------------- wgmma_mma

# mosaic/gpu/wgmma.py:69 "WGMMA requires m and n to be multiples of 64 and 8": the __getitem__ table's m 32.
TABLE_M = C(r"([\"']m[\"']\s*:\s*)(64)()")
# wgmma.py:416 "N must be a multiple of 8 and <= 256": the __getitem__ table's n 132.
TABLE_N = C(r"([\"']n[\"']\s*:\s*)(128)()")
# wgmma.py:135 "Unsupported wgmma types" / primitives.py:2283: the short dtype alias DT turned float32.
DT_ALIAS = C(r"^(DT\s*=\s*)(jnp\.float16)()(?=\s*$)")
# wgmma.py:69: the tile sizes sliced from the front of the tuple, so M is the batch (1).
SIZES_SLICE = C(r"(^TM,\s*TN,\s*TK\s*=\s*SIZES\[)(1:)(\])")
# primitives.py:2283 / lowering.py:1932: the K tile read by SIZES[-1] set to 32 under a 64-element tiling.
SIZES_LAST = C(r"(^SIZES\s*=\s*\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*,\s*)(\d+)(\))")
# primitives.py:5452 (the swap of a value into a ref: "Invalid dtype for `swap`"): the accumulator initialised
# from an upcast value, so its result no longer matches the float16 SMEM it is stored to (kernel).
ACC_INIT = C(r"(plgpu\.ACC\.init\()(i_ref\[\.\.\.\])(\))")
# wgmma.py (wgmma_wait's pending-group count) : one group left in flight (kernel; expected clean).
WGMMA_WAIT = C(r"(plgpu\.wgmma_wait\()(0)(\))")

# ---------------------------------------------------------------- barrier

# mosaic_gpu/core.py:1721 Barrier.__post_init__ "Num arrivals must be at least 1": a fractions.Fraction
# share of the threads that int() rounds to 0.
FRACTION_SHARE = C(r"(fractions\.Fraction\()(2, 3)(\))")
# core.py:1721 (num_arrivals must be an int >= 1): the share left a Fraction (int() dropped).
FRACTION_INT = C(r"(^ARRIVALS\s*=\s*)int\((THREADS \* CONSUMER_SHARE)\)()")
# primitives.py barrier indexing (the barrier array's static bounds; _get_barrier_base_index): the slot
# counter of a defaultdict starting at 1.
SLOT_COUNTER = C(r"(itertools\.count\()()(\))")
# the barrier array's static bounds: a two-slot barrier array declared with one slot (kernel).
BARRIER_PAIR = C(r"(plgpu\.Barrier\(num_barriers=)(2)(\))")

# ---------------------------------------------------------------- pipeline

# pipeline.py:299 emit_pipeline "All elements in the grid must be strictly positive": the K step count 0.
K_STEPS = C(r"^(K_STEPS\s*=\s*)(\d+)()(?=\s*$)")
# pipeline.py:316/781 (max_concurrent_steps must exceed delay_release) / the SMEM ring of 0 slots: the
# __getattr__ override of stages set to 0.
OVERRIDE_STAGES = C(r"(\bOptions\([^\n]*?\bstages\s*=\s*)(\d+)(\))")
# pipeline.py:781 emit_pipeline_warp_specialized "max_concurrent_steps must be greater than delay_release":
# a class attribute of stages one.
CLASS_STAGES = C(r"^(\s+stages\s*=\s*)(2)()(?=\s*$)")
# pipeline.py:791 "Memory thread must be the last thread": the cached thread count without the memory
# thread.
CACHED_THREADS = C(r"(return\s+self\.compute_wgs)(\s*\+\s*1)()(?=\s*$)")
# pipeline.py:791: the warpgroup ids built by range() one short (no memory thread).
RANGE_THREADS = C(r"(^WG_IDS\s*=\s*range\()(COMPUTE \+ 1)(\))")
# pipeline.py:985 "SMEM outputs are not supported with multiple compute warpgroups": the output spec's GMEM
# memory space dropped (kernel).
OUT_GMEM = C(r"(plgpu\.BlockSpec\(CFG\.block, lambda i: \(0, i\))(, memory_space=plgpu\.GMEM)(\))")
# mosaic/gpu/core.py:807 "Mosaic GPU kernel exceeds available shared memory": the SMEM budget the config
# chooser believes in doubled, so it picks the deepest (4 x 128 x 128) pipeline.
BUDGET = C(r"(^SMEM_BUDGET\s*=\s*)(200)(\s*\*\s*1024)")
# (expected clean) min() for max() over the fitting candidates.
CHOOSER = C(r"(^BEST\s*=\s*)(max)(\()")
# pipeline.py:316 / a zero-slot ring: the module-level max_concurrent_steps variable of the test set to 0.
MODULE_STEPS = C(r"^(max_concurrent_steps\s*=\s*)(\d+)()(?=\s*$)")
# launch_context.py:1922 / the pipeline's block index past the array (static grid): the grid's second
# dimension doubled (kernel).
GRID_COLS = C(r"(grid=\(2,\s*)(4)(\))")
# (expected clean) two equal values read by attrgetter in the other order.
ATTRGETTER = C(r"(attrgetter\()(\"compute\", \"stages\")(\))")

# ---------------------------------------------------------------- kernel_mesh_config

# primitives.py:3543 _set_max_registers_abstract_eval "n must be a positive multiple of 8": an __init__
# default register budget 44.
INIT_REGS = C(r"(def __init__\([^\n]*?\bproducer_regs\s*=\s*)(\d+)()")
# primitives.py:3556 _set_max_registers_lowering (setmaxnreg takes 24..256): the consumer budget 512.
INIT_REGS_HIGH = C(r"(def __init__\([^\n]*?\bconsumer_regs\s*=\s*)(\d+)()")
# primitives.py:3543: a SimpleNamespace's memory register budget 36.
NS_REGS = C(r"(\bregs\s*=\s*)(40)(\))")
# mosaic_gpu/core.py:1859 Mesh "grid_names must have the same length as grid": the merged launch dict's
# grid names emptied.
MERGED_NAMES = C(r"([\"']grid_names[\"']\s*:\s*)(\(\"i\",\))()")
# core.py:1859: the JSON config's names list with one name.
JSON_NAMES = C(r"([\"']names[\"']:\s*)(\[\"bi\", \"bj\"\])()")
# core.py:1859: a field(default_factory=...) of grid names returning two names for a 1-D grid.
FACTORY_NAMES = C(r"(default_factory=lambda:\s*)(\(\"prog\",\))()")
# the kernel's arity (a TypeError tracing the body): the extra-scratch default_factory yielding a barrier.
FACTORY_SCRATCH = C(r"(extra_scratch: list = dataclasses\.field\(default_factory=)(list)(\))")
# (expected clean) the `global` statement turned into `pass`: configure() binds locals, the defaults stay.
GLOBAL_DECL = C(r"^(\s*)(global TILE_ROWS, TILE_COLS)()(?=\s*$)")
# core.py:1859 / the thread axis: the callable factory's two threads down to one (kernel launch).
CALL_THREADS = C(r"(num_threads=)(2)(,)")

# ---------------------------------------------------------------- register_layouts

# lowering.py:3162 _reduce_lowering_rule "Unsupported layout": the layout a method / module variable hands
# the reduction replaced by a WG_STRIDED one.
METHOD_LAYOUT = C(r"(^\s*return\s+)(plgpu\.Layout\.WGMMA)()(?=\s*$)")
MODULE_LAYOUT = C(r"(^layout\s*=\s*)(plgpu\.Layout\.WGMMA)()(?=\s*$)")
# fragmented_array (WGMMA layouts need 64-row multiples) / wgmma.py:69: the rows of a shape or a settings
# dict off the warpgroup tile.
SHAPE_ROWS = C(r"(^SHAPE\s*=\s*\(\s*)(128)(\s*,\s*64\s*\))")
SETTINGS_ROWS = C(r"([\"']rows[\"']:\s*)(128)()")
BASE_ROWS = C(r"^(\s+rows\s*=\s*)(128)()(?=\s*$)")
# mosaic/gpu/utils.py:441 "Only 32-, 64- and 128-bit loads are supported": vec=8 in a "k=v;..." string.
RAW_VEC = C(r"(;vec=)(\d+)(;)")
# fragmented_array WGStridedFragLayout (the shape must split over 128 threads x vec): rows=1 in the string.
RAW_ROWS = C(r"(\"rows=)(\d+)(;)")
# fragmented_array WG strided layouts of a 1-D block that is no multiple of 128 x vec: an env default.
ENV_BLOCK = C(r"(environ\.get\(\s*\"FH8_BLOCK\"\s*,\s*\")(\d+)(\")")
# the same, through the second entry of a bisect table.
BLOCK_TABLE = C(r"(^BLOCKS\s*=\s*\[\s*\d+\s*,\s*)(\d+)()")
# lowering.py reduce over the WGMMA layout's row axis (reduce over axis 0 of a WGMMA value): axis alias 0.
AXIS_ALIAS = C(r"^(axis\s*=\s*)(-1)()(?=\s*$)")
# (both semantics) the MappingProxyType entry for "mma" replaced by a TCGEN05 layout.
PROXY_ENTRY = C(r"([\"']mma[\"']:\s*)(plgpu\.Layout\.WGMMA)(,)")
# (expected clean or a layout error) the proxy key chosen switched to the strided entry.
PROXY_CHOICE = C(r"(^CHOICE\s*=\s*\")(mma)(\")")

# ---------------------------------------------------------------- ops_dtypes

# lowering.py:1128 "Unimplemented primitive in Pallas Mosaic GPU lowering": a match arm returning erf.
MATCH_ARM = C(r"(^\s*return\s+lambda v:\s*)(jnp\.where\(v > 0\.0, v, v \* 0\.125\))()")
# (expected clean) the activation name falls through to the identity arm.
MATCH_NAME = C(r"(^ACTIVATION\s*=\s*\")(leaky)(\")")
# lowering.py:1128: a reduction alias / Enum-keyed registry entry argmax.
OP_ALIAS = C(r"(^op\s*=\s*)(jnp\.max)()(?=\s*$)")
REGISTRY_MAX = C(r"(Reduce\.MAX:\s*)(jnp\.max)()")
# lowering.py:1128: a subclass's reduction override made a product.
SUBCLASS_REDUCE = C(r"(return\s+)(jnp\.sum)(\(x, axis=1\))")
# lowering.py (convert_element_type to a sub-byte / float8 type, lowering.py:2533): the Literal table's
# bf16 entry int4 / float8_e5m2.
LITERAL_ENTRY = C(r"([\"']bf16[\"']:\s*)(jnp\.bfloat16)()")
# the float64 dtype (x64 disabled: arrays are float32, the SMEM buffer float64, primitives.py:863 "Expected
# dtypes to match", primitives.py:227): the JSON string's dtype / a classmethod's dtype argument.
JSON_DTYPE = C(r"([\"']dtype[\"']:\s*\")(float32)(\")")
CLASSMETHOD_DTYPE = C(r"(\.for_dtype\()(jnp\.float16)(\))")
# pl.ds with a float size (state indexing checks): the env value parsed by float() in place of int().
ENV_PARSE = C(r"(^BLOCK\s*=\s*)(int)(\(os\.environ)")
# lowering.py:1128 (log1p / softplus pieces) : sigmoid swapped for softplus (kernel).
ACTIVATION_FN = C(r"(o_ref\[win\]\s*=\s*jax\.nn\.)(sigmoid)(\()")
# (dtype of the test) the module dtype of the reduce test narrowed to float16.
MODULE_DTYPE_F32 = C(r"^(dtype\s*=\s*)(jnp\.float32)()(?=\s*$)")

# ---------------------------------------------------------------- control_flow

# lowering.py:3816 "``unroll`` must divide ``length``": the walrus-bound trip count 5.
WALRUS = C(r"(\(DEPTH\s*:=\s*)(4)(\))")
# lowering.py:3816: the unroll derived from the depth minus one (3 for 4).
UNROLL_EXPR = C(r"(^UNROLL\s*=\s*DEPTH\s*)(//\s*2)()(?=\s*$)")
# lax fori_loop (loops.py, bounds must be integers / the carry check): a float lower bound.
FORI_LOWER = C(r"(fori_loop\(\s*)(0)(\s*,)")
# loops.py:533 _check_carry_type: the fori body lambda upcasting its float16 carry.
FORI_LAMBDA = C(r"(lambda _, v:\s*)(v \+ acc_ref\[\.\.\.\])(,)")
# common.py:119 / loops.py:1734 (while body output must match its carry): the table's step counter float.
TABLE_STEP = C(r"(lambda i, v:\s*\(i \+ )(1)(,)")
# loops.py:1740 "cond_fun must return a boolean scalar": the table's bound a 1-element vector.
TABLE_BOUND = C(r"([\"']bound[\"']:\s*lambda:\s*)(3)(,)")
# common.py:119: the table's step value narrowed to float16.
TABLE_VALUE = C(r"(lambda i, v:\s*\(i \+ 1,\s*)(v \* 0\.5)(\))")
# conditionals.py:115 switch "Index type must be an integer": the driver's selector built as float32.
SELECTOR = C(r"(jnp\.array\(\[\d+\],\s*jnp\.)(int32)(\))")
# (expected clean) the loop-value default argument dropped: every branch sees the last factor.
LATE_BINDING = C(r"(def branch\(v)(, f=f)(\):)")
# common.py:119 (branch outputs must share a type): a complex factor in the branch table.
FACTOR_TABLE = C(r"(^FACTORS\s*=\s*\(\s*\d\.\d\s*,\s*\d\.\d\s*,\s*)(4\.0)(\))")
# conditionals.py:251 (cond's predicate must be a scalar): the flag read as the whole ref (kernel).
COND_PRED = C(r"(lax\.cond\(flag_ref\[)(0)(\] > 0)")
# fragmented layouts of a 1-D value of a size off 128 (a key added to the settings the try/except reads).
SETTINGS_SIZE = C(r"(^USER_SETTINGS\s*=\s*\{\"gain\": \"2\.5\")(\})")

# ---------------------------------------------------------------- compiler_params

# CompilerParams(lowering_semantics=...) given a plain string in the merged params dict.
SEMANTICS_STRING = C(r"([\"']lowering_semantics[\"']:\s*)(plgpu\.LoweringSemantics\.Warpgroup)()")
# (0.10.2's default / Lane) the Flag set without WARPGROUP, so the params pick Lane.
FLAG_SET = C(r"(^FEATURES\s*=\s*)(Feature\.APPROX \| Feature\.WARPGROUP)()")
# CompilerParams(approx_math=...) given the Flag object in place of a bool.
APPROX_FLAG = C(r"(approx_math=)(Feature\.APPROX in FEATURES)(,)")
# lowering.py:4641 "Failed to infer the output layout of the iota" (Lane): the reduction kernels' explicit
# Lane semantics flipped to Warpgroup (their loads from GMEM into WGMMA are then non-optimized transfers).
EXPLICIT_LANE = C(r"(lowering_semantics=plgpu\.LoweringSemantics\.)(Lane)(\))")

# ---------------------------------------------------------------- collectives

# primitives.py:5750 multimem_store "Only collective_axes that include all JAX device mesh axes": the
# settings dict's axis "xy" (a string is a set of letters to multimem).
SETTINGS_AXIS = C(r"([\"']axis[\"']:\s*\")(x)(\")")
# (expected clean) four devices in the settings dict.
SETTINGS_DEVICES = C(r"([\"']devices[\"']:\s*)(2)(,)")
# multimem_load_reduce reduction names are case-sensitive: the raw config's op upper-cased / min (f32 takes
# only add: mosaic/gpu "Only add is supported for f32").
RAW_OP = C(r"(;op=)(add)(\")")
# primitives.py:6011 "collective_axes ... must equal entire mesh axes": the unformatted template passed.
SIGNAL_AXES = C(r"(semaphore_signal_multicast\(sem, collective_axes=)(AXIS)(\))")
# lowering.py:4378 "Unrecognized axes in device_id": a dict device_id keyed by the unformatted prefix.
DEVICE_ID = C(r"(pl\.semaphore_signal\(sem, 1, device_id=)(nxt)(\))")
# (expected clean) the %-format's index changed (one name everywhere).
PERCENT_ARGS = C(r"(%\s*\(\"ring\",\s*)(0)(\))")

# ---------------------------------------------------------------- cluster_collective

# primitives.py copy_gmem_to_smem (collective_axes must be cluster axes) / lowering's axis lookup: the
# test's collective dims naming a grid axis.
COLLECTIVE_DIMS = C(r"(^collective_dims\s*=\s*\()(\"x\",)(\))")
# the ChainMap's user layer shadowing the cluster axis with the grid's name ("g").
CHAINMAP_USER = C(r"(^USER\s*=\s*\{\"rows\": 32)(\})")
# mosaic_gpu/core.py Mesh (the grid must fill whole clusters) / a cluster of 3 CTAs splitting 32 rows into
# 10-row TMA windows: the ChainMap's defaults layer's cluster 3.
CHAINMAP_CLUSTER = C(r"(^DEFAULTS\s*=\s*\{[^\n]*?[\"']cluster[\"']\s*:\s*)(2)()")

# ---------------------------------------------------------------- tmem

# mosaic/gpu/tcgen05.py:940 "ncols must be a power of 2 and within [32, 512]": the else-branch width 96.
ELSE_COLS = C(r"^(  ACC_COLS\s*=\s*)(128)()(?=\s*$)")
# tcgen05 layouts (128 TMEM lanes) / async_store_tmem: the module rows constant 64.
MODULE_ROWS = C(r"^(ACC_ROWS\s*=\s*)(128)()(?=\s*$)")
# (expected clean) the module-level flag flipped to the wide (256-column) accumulator.
WIDE_FLAG = C(r"^(WIDE\s*=\s*)(False)()(?=\s*$)")
# the TMEM load's wait dropped (kernel).
TMEM_WAIT = C(r"^(\s*)(plgpu\.wait_load_tmem\(\))()(?=\s*$)")

# ---------------------------------------------------------------- blockspec_grid_aliases

# pipeline / BlockSpec index maps (pallas/core.py:680 block mapping, static block index past the array):
# the two coordinates an index map returns swapped.
INDEX_SWAP2 = C(r"(lambda (\w+), (\w+): \()(\w+), (\w+)(\))")
INDEX_SWAP1 = C(r"(lambda (\w+): \()(\w+), (\w+)(\))")
# mosaic/gpu launch_context.py (TMA box bytes, 16-byte multiples): a pipeline block's minor dimension 2.
BLOCK_MINOR = C(r"(BlockSpec\(\(128,\s*)(16)(\))")
# mosaic_gpu/core.py Mesh / grid of 0 programs: divmod's remainder (0) taken for the rows.
DIVMOD_INDEX = C(r"(divmod\(BLOCKS, COLS_PER_ROW\)\[)(0)(\])")
# the __post_init__ computing the grid with true division (a float grid).
POST_INIT_DIV = C(r"(self\.blocks\s*=\s*self\.rows\s*)(//)(\s*self\.block_rows)")
# the dict | dict override's grid of 3 (2048 // 3 = 682-element blocks, off the warpgroup's 128 x vec).
MERGED_GRID = C(r"(\|\s*\{\"grid\":\s*\()(4)(,\)\})")
# an env default size below the block (grid of 0 programs).
ENV_SIZE = C(r"(environ\.get\(\s*\"FH8_SIZE\"\s*,\s*\")(\d+)(\")")


def _swap2(m: re.Match) -> str | None:
    return None if m.group(4) == m.group(5) else f"{m.group(1)}{m.group(5)}, {m.group(4)}{m.group(6)}"


def _swap1(m: re.Match) -> str | None:
    return None if m.group(3) == m.group(4) else f"{m.group(1)}{m.group(4)}, {m.group(3)}{m.group(5)}"


EDITS = (
    ("swizzle_tiling.classmethod_swizzle_default_96", CLASSMETHOD_SWIZZLE, _to("96")),
    ("swizzle_tiling.cached_fn_swizzle_default_48", CACHED_FN_SWIZZLE, _to("48")),
    ("swizzle_tiling.candidate_swizzles_sixteen_first", CANDIDATE_SWIZZLES, _to("16, 128, 64, 32")),
    ("swizzle_tiling.module_swizzle_var_sixteen", MODULE_SWIZZLE_VAR, _to("16")),
    ("swizzle_tiling.super_init_swizzle_widened", SUPER_SWIZZLE, _to("128")),
    ("swizzle_tiling.cache_key_dtype_hardwired", CACHE_KEY, _to("\"float32\"")),
    ("swizzle_tiling.shape_tuple_minor_halved", SHAPE_MINOR, lambda m: f"{m.group(1)}{int(m.group(2)) // 2}{m.group(3)}"),
    ("swizzle_tiling.module_dtype_int8", MODULE_DTYPE_I32, _to("jnp.int8")),
    ("swizzle_tiling.module_tiling_minor_halved", MODULE_TILING, _to("32")),
    ("swizzle_tiling.dynamic_offset_unit_eight", DYN_OFFSET, _to("8")),
    ("copy_tma.classmethod_rows_default_past_box", CLASSMETHOD_ROWS, _to("320")),
    ("copy_tma.dataclass_rows_field_past_box", FIELD_ROWS, _to("512")),
    ("copy_tma.subclass_instance_rows_past_box", INSTANCE_ROWS, _to("512")),
    ("copy_tma.getattr_defaults_cols_past_box", DEFAULTS_COLS, _to("320")),
    ("copy_tma.chainmap_defaults_cols_past_box", CHAINMAP_COLS, _to("512")),
    ("copy_tma.json_tile_cols_past_box", JSON_TILE, _to("320")),
    ("copy_tma.configure_call_rows_past_box", CONFIGURE_ROWS, _to("512")),
    ("copy_tma.configure_call_cols_narrowed", CONFIGURE_COLS, _to("64")),
    ("copy_tma.with_block_shape_past_box", WITH_SHAPE, _to("512")),
    ("copy_tma.enter_returns_outer_shape", ENTER_RETURN, _to("_SHAPES[0]")),
    ("copy_tma.tile_minor_below_16_bytes", TILE_MINOR, _to("6")),
    ("copy_tma.outputs_names_extra_entry", OUTPUT_NAMES, lambda m: f"{m.group(1)}, \"prod\"{m.group(2)}"),
    ("wgmma_mma.getitem_table_m_32", TABLE_M, _to("32")),
    ("wgmma_mma.getitem_table_n_off_eight", TABLE_N, _to("132")),
    ("wgmma_mma.short_dtype_alias_float32", DT_ALIAS, _to("jnp.float32")),
    ("wgmma_mma.tile_slice_from_batch", SIZES_SLICE, _to(":3")),
    ("wgmma_mma.negative_index_k_tile_32", SIZES_LAST, _to("32")),
    ("wgmma_mma.acc_init_upcast", ACC_INIT, _to("i_ref[...].astype(jnp.float32)")),
    ("wgmma_mma.wait_allows_one_pending", WGMMA_WAIT, _to("1")),
    ("barrier.fraction_share_rounds_to_zero", FRACTION_SHARE, _to("1, 4")),
    ("barrier.arrivals_left_as_fraction", FRACTION_INT, lambda m: f"{m.group(1)}{m.group(2)}"),
    ("barrier.slot_counter_offset", SLOT_COUNTER, _to("1")),
    ("barrier.barrier_pair_declared_single", BARRIER_PAIR, _to("1")),
    ("pipeline.k_steps_constant_zero", K_STEPS, _to("0")),
    ("pipeline.getattr_override_stages_zero", OVERRIDE_STAGES, _to("0")),
    ("pipeline.class_attr_single_stage", CLASS_STAGES, _to("1")),
    ("pipeline.cached_threads_memory_dropped", CACHED_THREADS, lambda m: m.group(1)),
    ("pipeline.range_memory_thread_omitted", RANGE_THREADS, _to("COMPUTE")),
    ("pipeline.ws_out_spec_memory_space_dropped", OUT_GMEM, lambda m: f"{m.group(1)}{m.group(3)}"),
    ("pipeline.smem_budget_overstated", BUDGET, _to("400")),
    ("pipeline.chooser_min_for_max", CHOOSER, _to("min")),
    ("pipeline.module_steps_variable_zero", MODULE_STEPS, _to("0")),
    ("pipeline.grid_columns_doubled", GRID_COLS, _to("8")),
    ("pipeline.attrgetter_equal_fields_swapped", ATTRGETTER, _to("\"stages\", \"compute\"")),
    ("kernel_mesh_config.init_default_regs_unaligned", INIT_REGS, _to("44")),
    ("kernel_mesh_config.init_default_regs_over_cap", INIT_REGS_HIGH, _to("512")),
    ("kernel_mesh_config.namespace_regs_unaligned", NS_REGS, _to("36")),
    ("kernel_mesh_config.merged_names_emptied", MERGED_NAMES, _to("()")),
    ("kernel_mesh_config.json_names_single", JSON_NAMES, _to("[\"bi\"]")),
    ("kernel_mesh_config.default_factory_names_two", FACTORY_NAMES, _to("(\"prog\", \"sub\")")),
    ("kernel_mesh_config.default_factory_scratch_extra", FACTORY_SCRATCH, _to("lambda: [plgpu.Barrier()]")),
    ("kernel_mesh_config.global_statement_dropped", GLOBAL_DECL, _to("pass")),
    ("kernel_mesh_config.call_threads_single", CALL_THREADS, _to("1")),
    ("register_layouts.layout_value_strided", METHOD_LAYOUT, _to("plgpu.Layout.WG_STRIDED((128, 64), vec_size=2)")),
    ("register_layouts.layout_value_strided", MODULE_LAYOUT, _to("plgpu.Layout.WG_STRIDED((128, 128), vec_size=1)")),
    ("register_layouts.shape_rows_off_warpgroup", SHAPE_ROWS, _to("96")),
    ("register_layouts.settings_rows_off_warpgroup", SETTINGS_ROWS, _to("96")),
    ("register_layouts.base_class_rows_off_warpgroup", BASE_ROWS, _to("96")),
    ("register_layouts.raw_config_vec_eight", RAW_VEC, _to("8")),
    ("register_layouts.raw_config_rows_one", RAW_ROWS, _to("1")),
    ("register_layouts.env_default_block_off_warpgroup", ENV_BLOCK, _to("96")),
    ("register_layouts.block_table_entry_off_warpgroup", BLOCK_TABLE, _to("192")),
    ("register_layouts.reduce_axis_alias_zero", AXIS_ALIAS, _to("0")),
    ("register_layouts.proxy_entry_tcgen05", PROXY_ENTRY, _to("plgpu.Layout.TCGEN05")),
    ("register_layouts.proxy_choice_strided", PROXY_CHOICE, _to("strided")),
    ("ops_dtypes.match_arm_erf", MATCH_ARM, _to("jax.lax.erf(v)")),
    ("ops_dtypes.match_name_falls_through", MATCH_NAME, _to("gelu")),
    ("ops_dtypes.reduction_alias_argmax", OP_ALIAS, _to("jnp.argmax")),
    ("ops_dtypes.reduction_alias_argmax", REGISTRY_MAX, _to("jnp.argmax")),
    ("ops_dtypes.subclass_reduce_prod", SUBCLASS_REDUCE, _to("jnp.prod")),
    ("ops_dtypes.literal_table_entry_int4", LITERAL_ENTRY, _to("jnp.int4")),
    ("ops_dtypes.literal_table_entry_float8", LITERAL_ENTRY, _to("jnp.float8_e5m2")),
    ("ops_dtypes.json_dtype_double", JSON_DTYPE, _to("float64")),
    ("ops_dtypes.classmethod_dtype_double", CLASSMETHOD_DTYPE, _to("jnp.float64")),
    ("ops_dtypes.env_value_parsed_float", ENV_PARSE, _to("float")),
    ("ops_dtypes.activation_softplus_swap", ACTIVATION_FN, _to("softplus")),
    ("ops_dtypes.module_dtype_half", MODULE_DTYPE_F32, _to("jnp.float16")),
    ("control_flow.walrus_depth_odd", WALRUS, _to("5")),
    ("control_flow.unroll_from_depth_minus_one", UNROLL_EXPR, _to("- 1")),
    ("control_flow.fori_lower_bound_float", FORI_LOWER, _to("0.0")),
    ("control_flow.fori_lambda_carry_upcast", FORI_LAMBDA, _to("(v + acc_ref[...]).astype(jnp.float32)")),
    ("control_flow.lambda_table_step_float", TABLE_STEP, _to("1.0")),
    ("control_flow.lambda_table_bound_vector", TABLE_BOUND, _to("jnp.array([3])")),
    ("control_flow.lambda_table_value_half", TABLE_VALUE, _to("(v * 0.5).astype(jnp.float16)")),
    ("control_flow.selector_input_float", SELECTOR, _to("float32")),
    ("control_flow.loop_closure_late_binding", LATE_BINDING, lambda m: f"{m.group(1)}{m.group(3)}"),
    ("control_flow.factor_table_complex_entry", FACTOR_TABLE, _to("4.0j")),
    ("control_flow.cond_pred_whole_ref", COND_PRED, _to("...")),
    ("control_flow.settings_size_key_added", SETTINGS_SIZE, lambda m: f"{m.group(1)}, \"size\": \"200\"{m.group(2)}"),
    ("compiler_params.semantics_value_plain_string", SEMANTICS_STRING, _to("\"Warpgroup\"")),
    ("compiler_params.flag_warpgroup_cleared", FLAG_SET, _to("Feature.APPROX")),
    ("compiler_params.approx_given_flag_object", APPROX_FLAG, _to("FEATURES")),
    ("compiler_params.explicit_lane_to_warpgroup", EXPLICIT_LANE, _to("Warpgroup")),
    ("collectives.settings_axis_two_letters", SETTINGS_AXIS, _to("xy")),
    ("collectives.settings_devices_four", SETTINGS_DEVICES, _to("4")),
    ("collectives.raw_config_op_uppercase", RAW_OP, _to("ADD")),
    ("collectives.raw_config_op_min", RAW_OP, _to("min")),
    ("collectives.signal_axes_template_unformatted", SIGNAL_AXES, _to("AXIS_TEMPLATE")),
    ("collectives.signal_axes_duplicated", SIGNAL_AXES, _to("(AXIS, AXIS)")),
    ("collectives.device_id_mapping_prefix_only", DEVICE_ID, _to("{\"ring\": nxt}")),
    ("collectives.percent_format_index_changed", PERCENT_ARGS, _to("1")),
    ("cluster_collective.collective_dims_grid_axis", COLLECTIVE_DIMS, _to("\"grid_x\",")),
    ("cluster_collective.chainmap_user_axis_shadowed", CHAINMAP_USER, lambda m: f"{m.group(1)}, \"axis\": \"g\"{m.group(2)}"),
    ("cluster_collective.chainmap_defaults_cluster_three", CHAINMAP_CLUSTER, _to("3")),
    ("tmem.else_branch_cols_not_pow2", ELSE_COLS, _to("96")),
    ("tmem.module_rows_const_halved", MODULE_ROWS, _to("64")),
    ("tmem.module_flag_wide", WIDE_FLAG, _to("True")),
    ("tmem.load_wait_removed", TMEM_WAIT, _to("pass")),
    ("blockspec_grid_aliases.index_map_coordinates_swapped", INDEX_SWAP2, _swap2),
    ("blockspec_grid_aliases.index_map_coordinates_swapped", INDEX_SWAP1, _swap1),
    ("blockspec_grid_aliases.pipeline_block_minor_eight_bytes", BLOCK_MINOR, _to("2")),
    ("blockspec_grid_aliases.divmod_index_remainder", DIVMOD_INDEX, _to("1")),
    ("blockspec_grid_aliases.post_init_true_division", POST_INIT_DIV, _to("/")),
    ("blockspec_grid_aliases.merged_grid_uneven", MERGED_GRID, _to("3")),
    ("blockspec_grid_aliases.env_default_size_below_block", ENV_SIZE, _to("100")),
)


def famheld8_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python. Line 1 (each base's one-line
    docstring) is never edited: a pattern met in prose there would give a mutant that changes nothing."""
    return [m for m in one_edit_mutants(source, EDITS, within) if not m.detail.startswith("line 1:")]
