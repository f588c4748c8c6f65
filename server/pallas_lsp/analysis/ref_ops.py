"""The data-movement calls of a kernel body whose operands the analysis records as facts.

Each entry: the call as the analysis canonicalises it and its parameters (keyword and
position, per the public signatures of ``jax/_src/pallas/mosaic_gpu/primitives.py``,
0.8.3 - 0.12.0.1). Met inside a kernel body, such a call is recorded in
``Program.ref_ops`` (a ``trace.Op`` per call and launch) with each operand as evaluated:
refs are RefVals carrying the ref facts (analysis/ref_facts.py). Rules of other families
add the calls they judge here.
"""

from __future__ import annotations

from .ops import Param, _params

REF_OPS: dict[str, tuple[Param, ...]] = {
    "plgpu.copy_gmem_to_smem": _params(("src", 0), ("dst", 1), ("barrier", 2),
                                       ("collective_axes", None), ("partitioned_axis", None),
                                       ("leader_tracked", None), ("predicate", None),
                                       ("oob_mode", None)),
    "plgpu.copy_smem_to_gmem": _params(("src", 0), ("dst", 1), ("predicate", 2),
                                       ("commit_group", None), ("reduction_op", None)),
    "plgpu.wait_smem_to_gmem": _params(("n", 0), ("wait_read_only", 1)),
    # PAL029: its count is checked when traced from 0.11 (0.10.2 lowers -1).
    "plgpu.wgmma_wait": _params(("n", 0),),
    "plgpu.barrier_wait": _params(("barrier", 0),),
    # PAL057: a register array stored into a cluster peer's shared memory.
    "plgpu.async_store_smem": _params(("src", 0), ("ref", 1), ("barrier", 2),
                                      ("cluster_idx", None), ("cluster_dim", None),
                                      ("optimized", None), ("atomic", None)),
    "plgpu.barrier_arrive": _params(("barrier", 0),),
    "plgpu.commit_smem": (),
    "plgpu.async_prefetch": _params(("ref", 0), ("collective_axes", None)),
    "plgpu.wgmma": _params(("acc", 0), ("a", 1), ("b", 2)),
    "plgpu.barrier_test": _params(("barrier", 0),),
    # Not data movement: calls whose literal arguments JAX checks when they are traced
    # (PAL034 set_max_registers, PAL035 nd_loop's tiling, PAL036 fori_loop's unroll).
    "plgpu.set_max_registers": _params(("n", 0), ("action", None)),
    "plgpu.nd_loop": _params(("grid", 0), ("collective_axes", None), ("tiling", None)),
    # PAL036: a fori_loop's static bounds and its unroll factor.
    "lax.fori_loop": _params(("lower", 0), ("upper", 1), ("unroll", None)),
    # PAL077: a lax.cond's predicate.
    "lax.cond": _params(("pred", 0),),
    "lax.switch": _params(("index", 0), ("branches", 1)),
    "plgpu.tcgen05_mma": _params(("acc", 0), ("a", 1), ("b", 2), ("barrier", 3),
                                 ("a_scale", None), ("b_scale", None),
                                 ("a_sparse_metadata", None), ("accumulate", None),
                                 ("collective_axis", None)),
    "plgpu.tcgen05_commit_arrive": _params(("barrier", 0), ("collective_axis", None)),
    # PAL075: a load into registers in a tiled layout (an index before 0.11, none from 0.11).
    "plgpu.load": _params(("src", 0), ("idx", 1), ("layout", None), ("optimized", None)),
    # PAL071: the ref a tensor-memory load / store moves data from / to.
    "plgpu.async_load_tmem": _params(("src", 0), ("layout", None)),
    "plgpu.async_store_tmem": _params(("ref", 0), ("value", 1)),
    # PAL026: an SMEM -> TMEM copy of refs of another shape or dtype (0.10.2 on).
    "plgpu.async_copy_smem_to_tmem": _params(("smem_ref", 0), ("tmem_ref", 1), ("collective_axis", None)),
    # PAL045: the semaphore each op takes (jax/_src/pallas/primitives.py's sem_or_view, the
    # Mosaic GPU variants' semaphore, 0.10.2 on) and the core_index Mosaic GPU refuses.
    "pl.semaphore_signal": _params(("sem_or_view", 0), ("inc", 1), ("device_id", None),
                                   ("core_index", None), ("device_id_type", None)),
    "pl.semaphore_wait": _params(("sem_or_view", 0), ("value", 1)),
    "plgpu.semaphore_signal": _params(("semaphore", 0), ("inc", 1), ("device_id", None),
                                      ("memory_scope", None), ("device_id_type", None)),
    "plgpu.semaphore_wait": _params(("semaphore", 0), ("value", 1), ("memory_scope", None)),
    # PAL072: the ref an atomic store reduces into and the value (0.10.2 on; `optimized`
    # from 0.11.2).
    **{f"plgpu.atomic_{op}": _params(("ref", 0), ("val", 1), ("optimized", None))
       for op in ("add", "max", "min", "and", "or", "xor")},
}
