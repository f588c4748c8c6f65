"""What changes between JAX releases, as the rules need it: one table, one place.

Every version-dependent behaviour the analysis predicts is a ``Fact``: a range
of releases ``[since, until)`` on which it holds, and the measurement that
established it. A rule asks ``holds(FACT, version)``; nothing else in the
analysis compares version tuples. New measurements are new rows: a release
measured is a row of ``MEASURED``, a behaviour found to change is a ``Fact``
(or a narrower range on an existing one).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

JaxVersion = tuple[int, ...]


@dataclass(frozen=True)
class Measured:
    """A JAX release whose behaviour the rules follow, and where that was measured."""

    version: JaxVersion
    evidence: str
    # Set when the rules cannot follow this release itself: what it does instead.
    unlowerable: str | None = None


# Every JAX release from 0.8.3 to 0.12.0.1, each lowered by the oracle suite and
# tests/oracle_releases.py (docs/jax-releases.md, docs/measurements/jax-releases.json).
RELEASES_DOC = "docs/jax-releases.md"
_UNLOWERABLE = ("cannot lower a multimem / multicast op when one process drives several "
                "devices (NotImplementedError: \"Multicast lowering with collective metadata is "
                "not implemented yet\") on every such op (PAL024); the other rules report what "
                "it checks before that error, and what releases around it raise")
MEASURED: tuple[Measured, ...] = tuple(
    Measured(version, RELEASES_DOC,
             _UNLOWERABLE if version in ((0, 9, 1), (0, 9, 2)) else None)
    for version in ((0, 8, 3), (0, 9, 0), (0, 9, 0, 1), (0, 9, 1), (0, 9, 2), (0, 10, 0),
                    (0, 10, 1), (0, 10, 2), (0, 11, 0), (0, 11, 1), (0, 11, 2), (0, 12, 0),
                    (0, 12, 0, 1))
)

# The newest JAX this product knows; used when no other source names a version.
NEWEST_KNOWN_JAX: JaxVersion = MEASURED[-1].version


@dataclass(frozen=True)
class Fact:
    """A behaviour of JAX that holds on releases ``since <= v < until`` (None: unbounded)."""

    what: str
    since: JaxVersion | None
    until: JaxVersion | None
    evidence: str


# Each boundary below is the first measured release where the behaviour changes
# (docs/jax-releases.md names the fixture or probe that shows it).

# jax.make_mesh gives Explicit axes when axis_types= is not given (0.8.3: Auto, unless the
# "jax-make-mesh-default-explicit" deprecation is accelerated); read from JAX's sources at
# jax-v0.9.0, measured from 0.10.2 (pal080/make_mesh_default_sharded_spec).
MAKE_MESH_EXPLICIT_DEFAULT = Fact("jax.make_mesh's axes are Explicit by default", (0, 9), None,
                                  "JAX sources v0.8.3 / v0.9.0; pal080 fixtures from 0.10.2")
# jax.shard_map over Explicit mesh axes checks each argument's sharding spec against its
# in_specs ("in_specs passed to shard_map: P('x', None) does not match the specs of the
# input: P(None, None)"); absent in 0.8.3 and 0.9.0 (JAX's sources), measured from 0.10.2.
SHARD_MAP_CHECKS_EXPLICIT_SPECS = Fact("shard_map over Explicit axes checks its arguments' shardings",
                                       (0, 9, 1), None, "JAX sources v0.9.0 / v0.9.1; pal080 fixtures")
# Lowering semantics default to Warpgroup ("[Mosaic GPU] Turn WG on by default"); Lane before.
WARPGROUP_DEFAULT = Fact("lowering semantics default to Warpgroup", (0, 11), None,
                         "default_semantics_no_layout: PAL003 through 0.10.2, none from 0.11.0")
# Under Warpgroup a scalar's plgpu.layout_cast to WG_SPLAT lowers (no layout_cast op is made);
# before 0.10 the layout_cast verifier refuses it as it does for arrays (measured:
# pal004/splat_cast_of_scalar on 0.8.3 vs 0.10.2; 0.9 not measured).
SCALAR_SPLAT_CAST = Fact("under Warpgroup only an array's layout_cast to WG_SPLAT fails (a scalar's lowers)",
                         (0, 10), None, "pal004/splat_cast_of_scalar, 0.8.3 vs 0.10.2")
# pl.core_map(plgpu.WarpMesh(...)) lowers under Warpgroup semantics (before: "Unimplemented
# primitive in Pallas Mosaic GPU lowering: core_map for lowering semantics
# LoweringSemantics.Warpgroup", measured on 0.8.3; lowers on 0.10.2; 0.9 not measured).
WARPGROUP_WARP_MESH = Fact("a WarpMesh core_map lowers under Warpgroup semantics", (0, 10), None,
                           "pal065/warp_load_slice_warpgroup: core_map unimplemented on 0.8.3")
# The multimem ops have a Warpgroup lowering (before: "Unimplemented primitive ...").
WARPGROUP_MULTIMEM = Fact("multimem ops lower under Warpgroup semantics", (0, 10), None,
                          "warpgroup_explicit_no_layout_ok: NotImplementedError through 0.9.2")
# Lane integer multimem_load_reduce of more than one element per thread (before:
# "Only single-element integer operations are supported").
LANE_INTEGER_VECTORS = Fact("Lane integer multimem_load_reduce takes vectors", (0, 10), None,
                            "reduce_int32_bitwise_ok; matrix 'int32 add Lane vec1/vec2'")
# A multicast copy over every axis of a mesh of two or more axes is refused as an axes
# mismatch before 0.9.1 (JAX's check sees one axis of the tuple).
MULTICAST_COPY_SEVERAL_AXES = Fact("a multicast copy may span several mesh axes", (0, 9, 1), None,
                                   "multicast_copy_ok: PAL002 through 0.9.0.1")
# A multicast copy hashes its plgpu.multicast_ref's collective_axes: a list is refused
# ("unhashable type: 'list'", on the copy line).
MULTICAST_COPY_HASHES_AXES = Fact("a multicast copy refuses a list as collective_axes", (0, 10), None,
                                  "axes_list_multicast_copy: lowers on 0.9.0.1, TypeError from 0.10.0")
# A Lane kernel's op in installed library code fails when the jitted function is lowered
# (JAX's traceback names the jitted call); on 0.8.3 it failed at the program's call into the
# library. Measured: installed_reduce_scatter_axis_name (0.8.3, the call of reduce_scatter)
# and the corpus labels of JAX's distributed tests under Lane (docs/corpus.md: PAL006 / PAL007
# on the `jax.jit(...)(x)` line on 0.10.2, 0.11.2, 0.12.0.1). 0.9.x cannot lower these ops.
LANE_LIBRARY_OPS_AT_JIT = Fact("a Lane kernel op of library code is blamed on the jitted call",
                               (0, 10), None, "corpus labels of jax/tests reduce_scatter (Lane)")
# wait_smem_to_gmem with a negative count is blamed on the wait: a ValueError from 0.11, a
# verifier MLIRError whose traceback holds the wait line in 0.10.2; on 0.8.3 that MLIRError's
# traceback ends at the jitted call (0.9.x not measured: the boundary is the first release
# measured to blame the wait).
WAIT_COUNT_AT_WAIT = Fact("a negative wait_smem_to_gmem count is blamed on the wait", (0, 10), None,
                          "wait_negative_count: the jitted call on 0.8.3, the wait from 0.10.2")
# With one process driving several devices (cross-lowering, or one process over all local
# GPUs: JAX's is_single_process_multi_device_topology) Mosaic GPU lowers collectives through
# "collective metadata", which has no multimem / multicast lowering: NotImplementedError
# "Multicast lowering with collective metadata is not implemented yet" on the op (a multicast
# copy: "GlobalBroadcast not supported with collective metadata"). Measured: lowers on 0.8.3
# and 0.9.0.1, fails on 0.9.1 and 0.9.2, lowers again from 0.10.0 (PAL024).
COLLECTIVE_METADATA_NO_MULTICAST = Fact(
    "no multimem / multicast lowering when one process drives several devices", (0, 9, 1), (0, 10),
    "every _ok fixture and the PAL024 probes: NotImplementedError on 0.9.1 and 0.9.2 only")
# pl.pallas_call with Mosaic GPU params has no lowering rule: a bare AssertionError.
PALLAS_CALL_MOSAIC_GPU_GONE = Fact("pl.pallas_call has no Mosaic GPU lowering", (0, 11, 2), None,
                                   "pallas_call_*: lowers through 0.11.1, PAL008 from 0.11.2")
# An AbstractMesh handed to jax.shard_map gives the kernel a usable mesh.
ABSTRACT_MESH_IN_SHARD_MAP = Fact("jax.shard_map over an AbstractMesh reaches the kernel", None,
                                  (0, 11, 1), "abstract_mesh: lowers through 0.11.0")
# plgpu.kernel's output and scratch parameters: out_shape/scratch_shapes through 0.11.1,
# out_type/scratch_types from 0.10.2 (0.10.2 - 0.11.1 take both).
KERNEL_OUT_SHAPE = Fact("plgpu.kernel takes out_shape= / scratch_shapes=", None, (0, 11, 2),
                        "probes kernel_out_shape, kernel_scratch_shapes")
KERNEL_OUT_TYPE = Fact("plgpu.kernel takes out_type= / scratch_types=", (0, 10, 2), None,
                       "probes kernel_out_type, kernel_scratch_types")
# plgpu.kernel builds its Mesh (checking grid/grid_names, cluster/cluster_names,
# num_threads/thread_name) when it is called; before, when the kernel is launched and
# traced, so JAX blames the launch (read in each release's mosaic_gpu/core.py).
KERNEL_MESH_AT_CALL = Fact("plgpu.kernel checks its mesh arguments when called", (0, 10, 2), None,
                           "fixture kernel_grid_without_names: launch line through 0.10.1")
# jax.use_abstract_mesh exists (jax.sharding.use_abstract_mesh exists in every release).
USE_ABSTRACT_MESH = Fact("jax.use_abstract_mesh exists", (0, 11, 1), None,
                         "probes use_abstract_mesh, sharding_use_abstract_mesh")
# jax.get_abstract_mesh exists (jax.sharding.get_abstract_mesh exists in every release).
JAX_GET_ABSTRACT_MESH = Fact("jax.get_abstract_mesh exists", (0, 11, 1), None,
                             "probe get_abstract_mesh_new_name")
# jax.sharding.use_mesh (the older name of jax.set_mesh) exists in no measured release:
# "module 'jax.sharding' has no attribute 'use_mesh'" from 0.8.3 to 0.12.0.1.
SHARDING_USE_MESH = Fact("jax.sharding.use_mesh exists", None, (0, 8, 3), "probe sharding_use_mesh")
# jax.make_mesh's first parameter is called axis_sizes (axis_shapes before).
MAKE_MESH_AXIS_SIZES = Fact("jax.make_mesh calls its first parameter axis_sizes", (0, 11, 1), None,
                            "probes make_mesh_axis_shapes, make_mesh_axis_sizes")

# plgpu.emit_pipeline refuses a grid entry below 1 when it is called ("All elements in the grid
# must be strictly positive"); 0.8.3 accepts it and fails later in the MLIR verifier.
EMIT_PIPELINE_CHECKS_GRID = Fact("emit_pipeline refuses a grid entry below 1", (0, 10), None,
                                 "fixture pal016/grid_zero.py")
# emit_pipeline's _get_block_shape (jax/_src/pallas/mosaic_gpu/pipeline.py): a BlockSpec without
# a block_shape gets a slot of the GMEM ref's whole shape in 0.10.2 (and 0.11.2, 0.12.0.1); 0.8.3
# raises "Block shape must be specified." (read in each release's source; 0.9.x not read).
PIPELINE_BLOCK_DEFAULTS_TO_REF = Fact("emit_pipeline gives a BlockSpec() the whole ref as its block",
                                      (0, 10, 2), None, "read in pipeline.py of 0.8.3, 0.10.2, 0.12.0.1")
# plgpu.ClusterBarrier refuses num_arrivals < 1 when it is built ("Num arrivals must be at
# least 1"), as plgpu.Barrier does in every release; before, it lowers (read in 0.8.3, 0.9.1 and
# 0.9.2's mosaic_gpu/core.py; 0.10.0 and 0.10.1 not measured). docs/measurements/
# wgmma-barriers-clusters.md, probe cbar_zero.
CLUSTER_BARRIER_CHECKS_ARRIVALS = Fact("plgpu.ClusterBarrier refuses num_arrivals < 1", (0, 10, 2),
                                       None, "probe cbar_zero: lowers on 0.8.3, ValueError on 0.10.2")

# A ClusterBarrier naming an axis that is not a cluster axis fails when the kernel is lowered
# and the barrier allocated ("Unknown cluster axis ..."): after tracing, so JAX blames the
# line that calls the jitted function; 0.8.3 lowers the kernel while the launch is traced and
# blames the launch (fixture cluster_barrier_axis_unknown: launch line on 0.8.3, the jitted
# call's line on 0.9.1, 0.9.2, 0.10.2, 0.11.2, 0.12.0.1; 0.9.0 and 0.9.0.1 not measured).
CLUSTER_BARRIER_AXES_AT_JIT_CALL = Fact("an unknown ClusterBarrier axis is blamed on the jitted call",
                                        (0, 9, 1), None,
                                        "fixture cluster_barrier_axis_unknown: launch line on 0.8.3")

# The same boundary for any error Mosaic GPU raises while it lowers a plgpu.kernel (its shared
# memory budget, PAL076): 0.8.3 lowers the kernel while the launch is traced (JAX blames the
# launch), later releases after tracing (the jitted call).
# A scratch buffer whose tiling does not divide it: Mosaic GPU's TileTransform refuses it
# ("Expected GMEM slice shape ... suffix to be a multiple of tiling ..."); from 0.10 Pallas
# builds the tiled type itself and asserts first (a bare AssertionError). 0.9 not measured.
# Warpgroup semantics refuse a cast to a WG-strided layout of another shape in layout inference
# ("Cannot cast to layout ..."); 0.8.3 lowers the cast with to_layout ("Cannot convert from
# WGStridedFragLayout(...) to WGStridedFragLayout(...)"). 0.9 not measured.
STRIDED_CAST_INFERRED = Fact("Warpgroup layout inference refuses a WG_STRIDED cast of another shape",
                             (0, 10), None, "pal075/strided_shape_mismatch: 0.8.3 vs 0.10.2")
# Under Lane, a transposed tiled layout meeting a ref that is not transposed: Lane's get / swap
# rules say "Either both the ref and the value are transposed or neither is." (a store on 0.8.3
# fails planning its transfer first: "Tiled strides must be a multiple of the vector length");
# from 0.11.2 the transfer planner refuses both first (UnsupportedTransferError: "Tiled strides
# must be a multiple of the vector length, except for the load vectorized dimension").
# 0.9 and 0.11.0 / 0.11.1 not measured.
TRANSPOSED_LAYOUT_TRANSFER_PLANNED = Fact(
    "a transposed layout and a ref that is not transposed fail transfer planning first",
    (0, 11), None, "pal075/transposed_layout_plain_ref: 0.10.2 vs 0.11.2")
TRANSPOSED_STORE_CHECKED = Fact(
    "Lane's swap rule checks a transposed value against the ref before planning the transfer",
    (0, 10), None, "pal075/transposed_layout_plain_ref: the store on 0.8.3 vs 0.10.2")
TILING_REFUSED_BY_MOSAIC = Fact("a tiling that does not divide a buffer is refused by Mosaic GPU's "
                                "TileTransform, not Pallas' assertion", None, (0, 10),
                                "pal012/tiling_does_not_divide: 0.8.3 vs 0.10.2")
KERNEL_LOWERED_AT_JIT_CALL = Fact("a plgpu.kernel's lowering errors are blamed on the jitted call",
                                  (0, 9, 1), None,
                                  "fixture pal076/scratch_over_budget: the launch line on 0.8.3")

# A barrier op (copy_gmem_to_smem's barrier, barrier_wait, barrier_arrive) given a whole
# array of plgpu.Barrier(num_barriers=n > 1) fails ("Operation is only valid for a single
# barrier, but barrier ref contains n"), on the op line; 0.8.3 lowers it, and 0.9.1 / 0.9.2
# have no such check (read in their mosaic/gpu/utils.py); 0.10.0 and 0.10.1 not measured.
BARRIER_ARRAY_NEEDS_INDEX = Fact("a barrier op refuses an unindexed array of barriers", (0, 10, 2),
                                 None, "probe bar_array_unindexed: lowers on 0.8.3, ValueError on 0.10.2")


# A barrier indexed with something neither an integer nor a slice (``barriers.at[1.0]``): "Barrier
# can only be indexed with integers or slices, got 1.0" on the op that uses it, from 0.10.2 (the
# families corpus: 0.10.2, 0.11.2, 0.12.0.1); 0.8.3 reads barrier indices another way.
BARRIER_INDEX_INTEGERS = Fact("a barrier index must be an integer or a slice", (0, 10, 2), None,
                              "families corpus barrier.float_index: ValueError on 0.10.2 - 0.12.0.1")


# The TMA copies check their two sides' dtypes and shapes when traced (primitives.py: "Expected
# dtypes to match", "Expected source shape to be", copy_smem_to_gmem's strict zip of the shapes),
# before any lowering; before, Mosaic GPU's async_copy checks them while lowering, after the
# shared-memory side's transforms ("Expected same element type", "... the same shape as the
# transformed slice"). The families corpus: 0.10.2 lowers, 0.11.2 traces (0.11.0/0.11.1 not measured).
# A Lane register load of a shared-memory buffer swizzled but not tiled reads it in the
# layout of a plgpu.layout_cast right after it (before: every such load is refused,
# "Unsupported transforms: [UnswizzleRef(swizzle=128)]"; 0.10.0 and 0.10.1 not measured).
LANE_SWIZZLED_LOAD_TAKES_CAST = Fact("a Lane load of a swizzled, untiled buffer honours a layout_cast",
                                     (0, 10, 2), None,
                                     "load_swizzled_layout_cast: refused on 0.8.3, 0.9.1, 0.9.2; "
                                     "lowers from 0.10.2")
# Under Warpgroup semantics a register load or store of a shared-memory buffer swizzled but not
# tiled, with no layout_cast in the kernel, leaves layout inference without a layout ("Failed to
# infer a possible set of layouts", on the jitted call); 0.10.2 refuses the buffer itself
# ("Unsupported transforms [<SwizzlingMode.k64ByteSwizzle: 64>]"), even copied only.
WARPGROUP_SWIZZLED_ACCESS_UNINFERRED = Fact(
    "a Warpgroup load or store of a swizzled, untiled buffer fails layout inference", (0, 11), None,
    "pal027/swizzled_untiled_load_warpgroup: 0.10.2 vs 0.11.2, 0.12.0.1")
# A reshape of a tiled shared-memory ref is moved inside the tiling when it only folds runs of
# dimensions that the tiling allows (before: every such reshape is refused, "Reshapes don't
# commute with tiling.", blamed on no kernel line; 0.10.0 and 0.10.1 not measured).
TILED_REF_RESHAPES_FOLD = Fact("a reshape of a tiled shared-memory ref may fold dimensions", (0, 10, 2), None,
                               "reshape_tiled_ref: refused on 0.8.3 (and no 0.9 release has the "
                               "commute); folds lower from 0.10.2")
# The TMA strides check names the copies "Async copies require ..." ("async_copy requires ..."
# before): launch_context.py, pal046/tma_row_stride on 0.11.2 and 0.12.0.1.
TMA_STRIDES_WORDING = Fact("the TMA strides check says 'Async copies require'", (0, 12), None,
                           "pal046/tma_row_stride, 0.11.2 vs 0.12.0.1")
# A contiguous copy out of shared memory takes TMA's bulk path, which has no 256-element box
# (launch_context.py's is_simple_contiguous_copy, from 0.10.0 in JAX's history; measured:
# clean/tma_window_ok on 0.10.2, pal046/tma_box_too_long on 0.8.3).
SMEM_BULK_COPY_OUT = Fact("a contiguous copy out of shared memory has no 256-element limit", (0, 10),
                          None, "pal046/tma_box_too_long, 0.8.3 vs 0.10.2")
# A plgpu.remote_ref's device id of another dtype than int32, lowered by a TMA copy: a bare
# AssertionError before 0.11.2 (no rule's), one that prints the MLIR types after.
REMOTE_ID_ASSERTS_TYPES = Fact("a remote ref's device id of another dtype asserts with the MLIR types",
                               (0, 11), None, "pal087/remote_ref_float_device_id: 0.10.2 bare, 0.11.2 typed")
PREFETCH_UNBOXED = Fact("plgpu.async_prefetch has no 256-element box limit", (0, 10),
                        None, "pal046/prefetch_window: (512, 128) refused on 0.8.3, prefetched on 0.10.2")
# A TMA copy of a tiled shared-memory buffer tiles the GMEM array's shape in _prepare_tma
# (TileTransform.transform_gmem_shape, from 0.10.1 in JAX's history), raising on the copy;
# before, TileTransform.apply tiles it when the kernel's TMA descriptors are built, raising on
# the launch (Lane; Warpgroup fails an assertion on the copy first). Measured:
# pal054/tma_gmem_not_tile_multiple on 0.8.3 vs 0.10.2.
TMA_GMEM_TILES_ON_COPY = Fact("a TMA copy tiles the GMEM array's shape on the copy line", (0, 10, 1),
                              None, "pal054/tma_gmem_not_tile_multiple, 0.8.3 vs 0.10.2")
TMA_GMEM_TILES_ON_LAUNCH = Fact("a TMA copy tiles the GMEM array's shape when the descriptors are "
                                "built", None, (0, 10, 1),
                                "pal054/tma_gmem_not_tile_multiple, 0.8.3 vs 0.10.2")
# plgpu.async_store_smem (registers into a cluster peer's shared memory): from 0.10.1 in JAX's
# history; measured on 0.10.2 - 0.12.0.1 (pal057), absent on 0.8.3 (PAL009).
ASYNC_STORE_SMEM = Fact("plgpu.async_store_smem exists", (0, 10, 1), None,
                        "pal057/async_store_smem_shape, 0.8.3 vs 0.10.2")
# plgpu.copy_gmem_to_smem takes leader_tracked= and refuses it without collective_axes=: from
# 0.9.2 in JAX's history (0.9.1 has neither); measured on 0.10.2 and 0.12.0.1 (pal013).
COPY_LEADER_TRACKED = Fact("copy_gmem_to_smem takes leader_tracked= (collective_axes= required)",
                           (0, 9, 2), None, "pal013/copy_leader_tracked_without_axes, 0.10.2 - 0.12.0.1")
# plgpu.kernel refuses CompilerParams(dimension_semantics=...) (its unpipelined lowering, 0.11.2
# on: NotImplementedError at the jitted call); before, the pipelined lowering asserted that the
# semantics match the grid's length (a bare AssertionError). 0.11.0 / 0.11.1 have neither text in
# JAX's history; measured on 0.8.3, 0.10.2, 0.12.0.1 (pal074) and 0.11.2 (famheld3).
KERNEL_REFUSES_DIMENSION_SEMANTICS = Fact("plgpu.kernel refuses dimension_semantics=", (0, 11, 2), None,
                                          "pal074/kernel_dimension_semantics, 0.10.2 vs 0.12.0.1")
# Mosaic GPU reserves one hardware barrier per warpgroup and one CTA-wide barrier of the 16 a
# block has, and refuses the kernel when they do not fit ("Too many CTA barriers requested"):
# 0.12.0.1 (0.11.2 lowers num_threads=16). 0.12.0 not measured.
CTA_BARRIERS_RESERVED = Fact("one hardware barrier reserved per warpgroup and one CTA-wide",
                             (0, 12, 0, 1), None, "pal010/num_threads_sixteen, 0.11.2 vs 0.12.0.1")
# Before 0.11.2 plgpu.kernel is lowered through the pipelined lowering, which asserts one
# dimension semantics per grid dimension (a bare AssertionError; lowering.py).
KERNEL_ASSERTS_DIMENSION_SEMANTICS = Fact("plgpu.kernel asserts len(dimension_semantics) == len(grid)",
                                          None, (0, 11, 2),
                                          "pal074/kernel_dimension_semantics_length, 0.10.2 vs 0.12.0.1")
# plgpu.atomic_add / max / min / and / or / xor: from 0.9.2 in JAX's history (0.9.1 has none);
# measured on 0.10.2 and 0.12.0.1 (pal072), absent on 0.8.3 (PAL009).
ATOMIC_STORES = Fact("plgpu.atomic_add and its siblings exist", (0, 9, 2), None,
                     "pal072/atomic_max_float32, 0.8.3 vs 0.10.2")
# Their float16 / bfloat16 atomics into shared memory add only ("f16/bf16 SMEM/multimem atomics
# only support add"): the check is in fragmented_array.py from 0.10.0 (0.9.2 has none).
SMEM_HALF_ATOMICS_ADD_ONLY = Fact("float16 atomics into shared memory add only", (0, 10), None,
                                  "pal072/atomic_max_float16_smem, 0.10.2 and 0.12.0.1")
# plgpu.semaphore_signal / semaphore_wait take memory_scope= ("sys" / "gpu"): from 0.10.1 in
# JAX's history (0.10.0 has the ops without it, 0.9.2 neither); measured on 0.10.2 - 0.12.0.1.
SEMAPHORE_MEMORY_SCOPE = Fact("plgpu.semaphore_signal / semaphore_wait take memory_scope=",
                              (0, 10, 1), None, "pal045/semaphore_memory_scope, 0.10.2 - 0.12.0.1")
# With approx_math=True, exp of a float16 / bfloat16 register array goes through exp2's
# float32-only approximate instruction ("NotImplementedError: bf16"); 0.10.2's exp lowered it
# (measured: pal058/exp_bfloat16 lowers on 0.8.3 and 0.10.2, fails on 0.11.2 and 0.12.0.1).
APPROX_EXP_FLOAT32_ONLY = Fact("approx_math exp takes float32 arrays only", (0, 11), None,
                               "pal058/exp_bfloat16: lowers on 0.10.2, refused on 0.11.2")
# An implicit broadcast in a binary op of register arrays of different shapes (`x + b` of a
# (4, 128) and a (128,) array): through 0.8.3 Lane's FragmentedArray.broadcast takes splats
# only (NotImplementedError naming the WG-strided layout) and Warpgroup's _bcast_wg refuses
# any operand not of the result's shape ("Unsupported broadcast"); 0.10.2 broadcasts both.
IMPLICIT_BROADCAST_REFUSED = Fact("a binary op cannot broadcast a register array operand", None,
                                  (0, 10), "pal062/row_bias_lane: refused whatever the "
                                  "shapes on 0.8.3, by vec_size on 0.10.2")
# From 0.10.2 Lane broadcasts a WG-strided operand along leading dims, keeping its vec_size:
# the refusals are "Incompatible FragmentedArray layouts" (vec_sizes that differ) and
# "Unsupported broadcast for WGStridedFragLayout" (a size-1 dim expanded after a larger one).
STRIDED_BROADCAST_LEADING = Fact("Lane broadcasts WG-strided arrays along leading dims", (0, 10),
                                 None, "pal062/row_same_vec_lane: lowers on 0.10.2, refused on "
                                 "0.8.3")
# Under Warpgroup semantics a leading new axis of a WG-strided array (`x[None]`) lowers from
# 0.10.2 and a later one (`x[:, None]`) fails layout inference; 0.8.3 fails both (and
# `x[..., None]` with another error), so only 0.10.2 on is judged.
WARPGROUP_NEW_AXIS = Fact("Warpgroup lowers a leading new axis of a loaded array", (0, 10), None,
                          "pal061/new_axis_warpgroup: x[None] lowers on 0.10.2, not on 0.8.3")
# approx_math=True's tanh of a float16 / bfloat16 array: refused (a message-less
# NotImplementedError) through 0.10.2; 0.11.2 added the 16-bit tanh.approx instructions.
APPROX_TANH_FLOAT32_ONLY = Fact("approx_math tanh takes float32 arrays only", None, (0, 11),
                                "pal058/tanh_bfloat16: refused on 0.10.2, lowers on 0.11.2")
# approx_math=True's sqrt of a float16 / bfloat16 array: refused (a message-less
# NotImplementedError) from 0.11.2, the first release with a sqrt lowering rule (before, sqrt
# has none under either semantics: PAL019).
APPROX_SQRT_FLOAT32_ONLY = Fact("approx_math sqrt takes float32 arrays only", (0, 11), None,
                                "pal058/sqrt_float16: PAL019 on 0.10.2, refused on 0.11.2")
# Register-array conversions between bfloat16 and float8, and from integers to float8, are
# refused ("Hardware has no support for converting from bf16 to f8E4M3FN",
# "Unsupported conversion involving narrow float types: i32 to f8E4M3FN"); 0.8.3 lowers them
# but bfloat16 -> float8_e4m3fn (another error). Measured under Lane and Warpgroup semantics.
FLOAT8_CASTS_REFUSED = Fact("bfloat16 <-> float8 and integer -> float8 conversions are refused",
                            (0, 10, 2), None, "pal059 fixtures: 0.8.3 lowers them, 0.10.2 to "
                            "0.12.0.1 refuse them (0.9 and 0.10.0/0.10.1 not measured)")
# Lane semantics convert float8_e4m3fn <-> float8_e5m2 from 0.10.2 ("Conversion between float
# types of width other than 16 not supported" on 0.8.3); Warpgroup refuses them on every
# release (measured: pal059/float8_to_float8*, 0.8.3 to 0.12.0.1).
LANE_FLOAT8_TO_FLOAT8_REFUSED = Fact("Lane semantics refuse float8 -> float8 conversions", None,
                                     (0, 10, 2), "pal059/float8_to_float8_lane: refused on "
                                     "0.8.3, lowers on 0.10.2 (0.9 not measured)")
# Warpgroup semantics lower lax.erf / lax.atan2 up to layout inference, which has no rule for
# math.erf / math.atan2 ("No layout inference rule defined for ... math.erf"); before, neither
# primitive has a Mosaic GPU rule (PAL019).
WARPGROUP_ERF_ATAN2_NO_LAYOUT = Fact("Warpgroup layout inference has no rule for math.erf / math.atan2",
                                     (0, 10), None, "pal060 fixtures: PAL019 on 0.8.3, this error "
                                     "on 0.10.2 (Warpgroup asked for), 0.11.2 and 0.12.0.1")
NARROW_POINTWISE_REFUSED = Fact("arithmetic on 8-bit register arrays is refused", (0, 10, 2), None,
                                "pal049/int8_add: 0.8.3 lowers int8 / uint8 / float8 adds, 0.10.2 "
                                "to 0.12.0.1 refuse them (0.9 and 0.10.0/0.10.1 not measured)")
# copy_gmem_to_smem's barrier became optional (the cp.async copies of pre-Hopper GPUs take
# none); a TMA copy (Hopper and newer, and a CPU host's lowering) then refuses its absence while
# lowered: "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs" (measured
# on 0.11.2 and 0.12.0.1; 0.10.2 requires the argument: "missing 1 required positional
# argument: 'barrier'", PAL009's).
COPY_BARRIER_OPTIONAL = Fact("copy_gmem_to_smem's barrier is optional, and a TMA copy refuses none",
                             (0, 11, 2), None, "pal013/copy_without_barrier: 0.10.2 vs 0.11.2")
COPY_CHECKS_AT_TRACE = Fact("TMA copies check dtypes and shapes when traced", (0, 11, 2), None,
                            "families corpus copy_tma.shape_mismatch / dtype_mismatch, 0.10.2 vs 0.11.2")


@functools.lru_cache(maxsize=64)  # every analysis asks (the hover facts), for one release
def rules_release(version: JaxVersion) -> tuple[JaxVersion, str | None]:
    """The measured release whose behaviour the rules follow for ``version``, and a note
    when that is not ``version`` itself (outside the measured range, between measured
    releases, or a measured release that cannot lower these kernels at all)."""
    name = format_jax_version(version)
    for measured in MEASURED:
        if _padded(measured.version) == _padded(version):
            if measured.unlowerable is None:
                return measured.version, None
            return measured.version, f"JAX {name} {measured.unlowerable} ({RELEASES_DOC})."
    oldest, newest = MEASURED[0].version, MEASURED[-1].version
    if _padded(version) < _padded(oldest):
        nearest, why = oldest, "older than every measured release"
    elif _padded(version) > _padded(newest):
        nearest, why = newest, "newer than every measured release"
    else:
        nearest = max((m.version for m in MEASURED if _padded(m.version) < _padded(version)),
                      key=_padded)
        why = "not a measured release"
    return nearest, (f"JAX {name} is {why}: the rules follow JAX {format_jax_version(nearest)}, "
                     f"the nearest measured release ({RELEASES_DOC}).")


def holds(fact: Fact, version: JaxVersion) -> bool:
    """Whether ``fact`` holds on ``version`` (compared on as many parts as it names)."""
    if fact.since is not None and version < fact.since:
        return False
    return fact.until is None or version < fact.until


def default_semantics(version: JaxVersion) -> str:
    return "Warpgroup" if holds(WARPGROUP_DEFAULT, version) else "Lane"


def first_release(fact: Fact) -> str:
    """'0.11' for a fact from 0.11 on: how messages name the boundary."""
    return format_jax_version(fact.since) if fact.since is not None else "the first release"


def last_release(fact: Fact) -> str:
    """'0.11' for a fact that holds until 0.11: the release where it stops holding."""
    return format_jax_version(fact.until) if fact.until is not None else "no release yet"


def _padded(version: JaxVersion) -> JaxVersion:
    return (*version, *([0] * (4 - len(version))))[:4]


def parse_jax_version(text: str) -> JaxVersion:
    """'0.12.0.1' -> (0, 12, 0, 1); dev and rc suffixes are dropped ('0.11.0.dev2' -> (0, 11, 0))."""
    parts: list[int] = []
    for piece in text.strip().split("."):
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        parts.append(int(digits))
        if len(digits) != len(piece):
            break
    if len(parts) < 2:
        raise ValueError(f"not a JAX version: {text!r} (expected something like 0.12.0)")
    return tuple(parts)


def format_jax_version(version: JaxVersion) -> str:
    return ".".join(str(p) for p in version)


# The release's own names for its version (measured on 0.8.3, 0.10.2, 0.11.2, 0.12.0.1:
# ``jax.__version_info__`` is the version's parts as ints, (0, 12, 0, 1) for 0.12.0.1), so a
# program's branch on the release runs as that release runs it.
_VERSION_STRINGS = frozenset({"jax.__version__", "jax.version.__version__", "jax.version._version"})
_VERSION_TUPLES = frozenset({"jax.__version_info__", "jax.version.__version_info__"})


RELEASE_NAMES = _VERSION_STRINGS | _VERSION_TUPLES


def release_names(version: JaxVersion) -> dict[str, str | JaxVersion]:
    """``jax.__version__`` / ``jax.__version_info__`` (and jax.version's) with their values
    on ``version``."""
    return {**dict.fromkeys(_VERSION_STRINGS, format_jax_version(version)),
            **dict.fromkeys(_VERSION_TUPLES, version)}


# Another platform's compiler params (pltpu.CompilerParams) given to a Mosaic GPU launch,
# lowered for CUDA on a CPU host (fixtures pal020/*; 0.9.0.x, 0.10.0, 0.10.1, 0.11.0, 0.11.1
# not measured: the boundaries below are the first measured release that differs).
# plgpu.kernel refuses them with "TypeError: Compiler params must be a `plgpu.CompilerParams`"
# (measured 0.8.3, 0.9.1, 0.9.2); later, the lowering finds no rule for them.
KERNEL_PARAMS_TYPE_CHECKED = Fact("plgpu.kernel refuses another platform's compiler params "
                                  "with a TypeError", None, (0, 10),
                                  "kernel_tpu_params: TypeError on 0.9.2, ValueError on 0.10.2")
# ... and it does so when called (the plgpu.kernel line); from 0.9.1 when lowered (the jitted call).
KERNEL_PARAMS_CHECKED_AT_CALL = Fact("plgpu.kernel checks its compiler params' type when called",
                                     None, (0, 9, 1),
                                     "kernel_tpu_params: the plgpu.kernel line on 0.8.3, the "
                                     "jitted call on 0.9.1")
# pl.pallas_call with TPU params, lowered for CUDA: "Unsupported backend: mosaic_tpu" (0.8.3).
PALLAS_CALL_FOREIGN_BACKEND_UNSUPPORTED = Fact("pl.pallas_call says 'Unsupported backend' for "
                                               "TPU params", None, (0, 9, 1),
                                               "pallas_call_tpu_params: 0.8.3 vs 0.9.1")
# Both, lowered for CUDA: "Cannot lower pallas_call on platform: gpu" (0.9.1 - 0.10.2), then
# a bare AssertionError (0.11.2, 0.12.0.1: no lowering rule is registered for them).
FOREIGN_PARAMS_BARE_ASSERTION = Fact("another platform's params fail with a bare AssertionError",
                                     (0, 11, 2), None,
                                     "pal020 fixtures: ValueError on 0.10.2, AssertionError on 0.11.2")

# plgpu.set_max_registers checks its arguments when traced ("n must be a positive multiple of
# 8", "action must be 'increase' or 'decrease'", primitives.py _set_max_registers_abstract_eval)
# from 0.11.2; 0.8.3 and 0.10.2 bind them unchecked (a count of 100 then fails MLIR
# verification with no message of its own; an unknown action lowers as "decrease").
# Fixtures pal034/*; 0.11.0 and 0.11.1 not measured.
SET_MAX_REGISTERS_CHECKED = Fact("plgpu.set_max_registers checks n and action when traced",
                                 (0, 11, 2), None,
                                 "pal034 fixtures: MLIRError / lowers on 0.10.2, ValueError on 0.11.2")
# A store into a plgpu.ACC accumulator goes through WGMMAAbstractAccumulatorRef._setitem and
# wgmma_accumulator_store from 0.10 ("Non-trivial indexing ...", "Accumulator shape / dtype ...
# does not match value ..."); 0.8.3 stores through a memory ref's swap (PAL026's texts).
# Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (fixtures pal030/*); 0.9.x not measured.
ACC_STORE_CHECKED = Fact("a plgpu.ACC store is checked as an accumulator's", (0, 10), None,
                         "pal030 fixtures: swap texts on 0.8.3, accumulator texts from 0.10.2")
# plgpu.emit_pipeline / emit_pipeline_warp_specialized refuse a BlockSpec with pipeline_mode=
# ("pl.BlockSpec with pipeline_mode= is not supported", _downcast_spec); 0.8.3's _downcast_spec
# has no such check (read in 0.8.3, 0.10.2, 0.11.2, 0.12.0.1 pipeline.py; 0.9.x not read).
PIPELINE_REFUSES_PIPELINE_MODE = Fact("the pipelines refuse a BlockSpec with pipeline_mode=", (0, 10), None,
                                      "fixture pal016/pipeline_mode.py")
# plgpu.emit_pipeline refuses any spec with collective_axes in one message ("pl.BlockSpec with
# collective_axes= is not supported"); before, inputs "BlockSpecs with collective_axes are not
# supported in emit_pipeline" and outputs "Output BlockSpecs cannot have collective_axes" (read
# in 0.8.3, 0.10.2, 0.11.2, 0.12.0.1 pipeline.py).
EMIT_PIPELINE_COLLECTIVE_ONE_MESSAGE = Fact("emit_pipeline refuses collective specs in one message",
                                            (0, 11), None, "fixture pal016/collective_spec.py")
# wait_smem_to_gmem refuses a negative count itself ("n must be a non-negative integer"),
# so a pipeline's own wait of max_concurrent_steps - 1 (a grid of no steps) fails where the
# pipeline runs; before, an MLIR verifier error blamed on the launch.
WAIT_COUNT_CHECKED = Fact("wait_smem_to_gmem checks its count when traced", (0, 11), None,
                          "families corpus pipeline.grid_zero: 0.10.2 vs 0.11.2; "
                          "pal013/pipeline_grid_zero fixture")
