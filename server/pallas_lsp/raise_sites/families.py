"""What each family of the raise-site table means and how to fix its errors: the text of
``pallas-lsp explain <family>``, so an error no rule predicts still gets an explanation
and a hint. The JAX messages of a family's page are read from the table itself
(``page``); ``tests/test_raise_sites.py`` holds every family of the table to an entry here.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import RELEASES, class_of, predicted_by, sites


@dataclass(frozen=True)
class Family:
    title: str
    meaning: str
    fix: str
    rule: str | None = None  # the rule whose family this is, when there is one


FAMILIES: dict[str, Family] = {
    "swizzle_tiling": Family(
        "swizzle, tiling, reshape, transpose and bitcast transforms on shared-memory refs",
        "A shared-memory (SMEM) ref's transform chain does not fit its dtype or the way it "
        "is used: a swizzle other than 32, 64 or 128 bytes, a minor tile that is not swizzle "
        "bytes / itemsize, a tiling of more than two dims, or a slice of a tiled dimension "
        "that is not aligned to the tile.",
        "Give the ref `plgpu.TilingTransform((8, swizzle // itemsize))` with "
        "`plgpu.SwizzleTransform(swizzle)`, swizzle in {32, 64, 128}, and slice tiled dims "
        "only at multiples of the tile."),
    "ops_dtypes": Family(
        "lax / jnp operations, dtypes or parameters the Mosaic GPU lowering does not implement",
        "The kernel body uses a primitive without a Mosaic GPU lowering rule under its "
        "lowering semantics, or one whose dtype or parameters (accuracy=, reduction axes, "
        "integer_pow exponents, literals beyond int32) the rule does not handle.",
        "Rewrite the operation with supported primitives (e.g. reduce one axis at a time, "
        "cast to float32 first), or switch lowering semantics (`plgpu.CompilerParams("
        "lowering_semantics=...)`) if the other one implements it."),
    "tmem": Family(
        "tensor memory (TMEM) allocations, loads, stores and refs (Blackwell)",
        "A TMEM ref is used as an SMEM/GMEM ref would be: read with `ref[...]` instead of "
        "`plgpu.async_load_tmem`, a dtype under 32 bits without `packed=` or a TMEM layout, "
        "or a transposed / reshaped / transformed TMEM ref.",
        "Use `plgpu.async_load_tmem` / `plgpu.async_store_tmem`, pass `packed=True` (or an "
        "explicit layout) for 16-bit dtypes, and keep TMEM refs 2-D and untransformed."),
    "wgmma_mma": Family(
        "wgmma / MMA operands: shapes, dtypes, accumulator and transforms",
        "The operands of `plgpu.wgmma` do not fit: (m, k) x (k, n) -> (m, n) shapes disagree, "
        "lhs and rhs dtypes differ, the accumulator is not a `plgpu.ACC` ref, or an SMEM "
        "operand's tiling does not fit its swizzle.",
        "Check the shapes and dtypes of lhs, rhs and the accumulator; allocate the "
        "accumulator with `plgpu.ACC((m, n), jnp.float32)`; tile SMEM operands "
        "(8, swizzle // itemsize) with the same swizzle on both."),
    "register_layouts": Family(
        "register-array layouts that JAX cannot infer or that change",
        "A register value's layout is ambiguous or unknown (iota, broadcast, a loop carry "
        "whose layout changes), or a layout is applied where it does not fit.",
        "Apply `plgpu.layout_cast(value, plgpu.Layout.WGMMA)` (or the layout the consumer "
        "needs) right after the value is created, and keep loop carries in one layout.",
        "PAL003"),
    "not_reached": Family(
        "code no Mosaic GPU lowering reaches (interpret mode, torch interop, the profiler)",
        "These raise sites run only in interpret mode, in PyTorch interop or while profiling "
        "at run time; lowering for Mosaic GPU does not reach them.",
        "If you see one, you are running in that mode: read JAX's message there."),
    "invariant": Family(
        "JAX's own invariants and re-raises",
        "An assertion of JAX's internals, or a helper that re-raises another error. It "
        "usually follows from an earlier problem JAX did not catch in its own words.",
        "Look at the operation on the blamed line and at the error chained before this one; "
        "if the kernel looks right, it may be a JAX bug worth reporting."),
    "copy_tma": Family(
        "TMA and GMEM <-> SMEM async copies",
        "A `plgpu.copy_gmem_to_smem` / `copy_smem_to_gmem` (or a register <-> memory "
        "transfer) whose source and destination shapes or dtypes differ after indexing, whose "
        "size is not a whole number of 128-byte units, or whose barrier / wait count is wrong.",
        "Make the source and destination slices the same shape and dtype, transfer at least "
        "128 bytes per warpgroup, give each copy one barrier and wait with literal counts."),
    "other": Family(
        "raise sites not yet given a family",
        "A site the table's heuristic could not place (unreviewed).",
        "Read JAX's message on the blamed line; the site's file and function name the check."),
    "shapes": Family(
        "array and ref shapes an operation does not accept",
        "An operation gets a shape it cannot handle: a register array whose size is not a "
        "multiple of the warpgroup's 128 threads, ranks that differ, or a shape that does "
        "not divide into the layout's tiles.",
        "Pad or reshape to multiples of 128 elements per warpgroup (for 1-D data) or to the "
        "tile of the layout, and check the ranks of both operands."),
    "register_arrays": Family(
        "operations on register arrays (fragmented arrays)",
        "An arithmetic, reduction, broadcast or conversion on a register array that its "
        "layout, dtype or shape does not support.",
        "Change the operation's dtype or layout (`plgpu.layout_cast`), or move the data "
        "through shared memory first."),
    "warpgroup_dialect": Family(
        "the Warpgroup-semantics dialect lowering",
        "Under Warpgroup lowering semantics an op is lowered through Mosaic GPU's dialect; "
        "this op, layout or type is not supported there.",
        "Try `plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)`, or "
        "rewrite the op."),
    "barrier": Family(
        "barriers: arrival counts, indexing, kinds",
        "A `plgpu.Barrier` with `num_arrivals` < 1, indexed with something other than an "
        "int or a unit-stride slice, several barriers given to one copy, or an MMA barrier "
        "without `orders_tensor_core=True`.",
        "Allocate `plgpu.Barrier(num_arrivals=n)` with n >= 1, index it with an int, and set "
        "`orders_tensor_core=True` on barriers that MMA or commits arrive on."),
    "warp_semantics": Family(
        "warp-level code (WarpMesh, mpmd_map)",
        "Code under a warp-level mesh may only handle scalars: array arithmetic, array loads "
        "or stores, captured arrays and nested mpmd_maps are refused.",
        "Keep warp-level bodies scalar (issue copies, barriers and MMAs there) and do array "
        "math in warpgroup code."),
    "tcgen05_mma": Family(
        "tcgen05 MMA operands (Blackwell)",
        "A `plgpu.tcgen05_mma` whose accumulator is not a TMEM ref, whose lhs / rhs are in the "
        "wrong memory space or do not fit their swizzle, or whose collective flags disagree.",
        "Accumulate into a TMEM ref, put rhs in SMEM (lhs in SMEM or TMEM), tile operands "
        "(8, swizzle // itemsize) and use the same collective= on the allocations and the MMA."),
    "semaphore": Family(
        "semaphores: dtypes, scopes and allocation",
        "Semaphore signals and device ids that are not int32, a core index on GPU, or a "
        "semaphore used as an array.",
        "Signal with int32 values, drop core_index, and allocate semaphores with "
        "`plgpu.SemaphoreType` / `pl.get_global`."),
    "pipeline": Family(
        "emit_pipeline / emit_pipeline_warp_specialized configuration",
        "The pipeline's grid has non-positive entries, `max_concurrent_steps` is not larger "
        "than every `delay_release`, or the in/out specs do not match the refs' pytrees.",
        "Use a positive grid, `max_concurrent_steps > delay_release`, and one BlockSpec per "
        "ref in the same structure as the refs."),
    "remote_multicast_refs": Family(
        "multimem / multicast and remote (peer) refs",
        "A multicast or remote ref is passed to a primitive that does not accept it, or a "
        "multimem op gets operands it cannot reduce or store.",
        "Pass multicast refs only to the multimem / multicast primitives, and check the "
        "dtype and width rules of PAL006 / PAL007."),
    "kernel_mesh_config": Family(
        "plgpu.kernel / Mesh configuration",
        "The kernel's grid, cluster, thread count or register settings are out of range "
        "(cluster rank above 3, too many threads per block, set_max_registers not a positive "
        "multiple of 8).",
        "Keep cluster at most 3-D with names of the same length, num_threads * 128 within "
        "the block limit, and register counts multiples of 8.", "PAL010"),
    "blockspec_grid_aliases": Family(
        "pl.pallas_call grid, BlockSpec, index_map and input_output_aliases",
        "A BlockSpec's block shape has another rank than its array, an index_map returns "
        "the wrong number of values or captures constants, or an alias pairs arrays of "
        "different shapes.",
        "Give each BlockSpec a block shape of the array's rank and an index_map returning one "
        "index per block dim; alias only arrays of the same shape and dtype."),
    "inline_mgpu": Family(
        "plgpu.inline_mgpu argument and return types",
        "The declared `arg_types` / `return_type` of an inline_mgpu block do not match the "
        "pytree, shapes, dtypes or layouts of its operands or results.",
        "Declare one `plgpu.RefType` / layout per argument and a `plgpu.ShapeDtypeStruct` "
        "return type matching what the body returns."),
    "cluster_collective": Family(
        "cluster axes and cluster-collective operations",
        "A cluster axis name that the mesh does not have, or a collective (partitioned TMA, "
        "collective MMA) along an axis other than the minor-most cluster axis of size 2.",
        "Name cluster axes in `cluster_names=` and use the minor-most one, of size 2, for "
        "partitioned copies and collective MMA.", "PAL005"),
    "transforms_unsupported": Family(
        "ref transforms a primitive does not accept",
        "A transformed ref (tiled, swizzled, transposed, reshaped) is passed to a primitive "
        "that takes only plain or indexed refs (semaphores, multimem, atomics, GMEM refs).",
        "Pass the untransformed ref (index it, do not transform it) to that primitive."),
    "im2col": Family(
        "im2col refs and copies",
        "The im2col window, padding or indexing does not fit the ref's rank, or the copy is "
        "used under semantics or with transforms it does not support.",
        "Give im2col an (N, *spatial, C) ref, matching window/padding ranks, and index it only "
        "with a unit-stride row slice."),
    "environment": Family(
        "decided by the machine, the jaxlib build or settings",
        "The error depends on the GPU generation (pre-Hopper paths), the installed jaxlib or "
        "a configuration flag, not on the kernel's code.",
        "Lower on (or for) the GPU the kernel is written for, with a jaxlib built for it."),
    "ref_union_alias": Family(
        "RefUnion and aliased SMEM / TMEM refs",
        "Refs in a `plgpu.RefUnion` mix memory spaces or collective flags, or alias with "
        "sizes and dtypes that are not byte-aligned.",
        "Put only SMEM or only TMEM refs of the same collective flag in one union."),
    "helpers_nd_loop": Family(
        "plgpu.nd_loop and helpers",
        "`plgpu.nd_loop`'s tiling and grid have different lengths, or the tiling does not "
        "divide the grid.",
        "Give one tile per grid dim, each dividing it."),
    "control_flow": Family(
        "fori_loop, scan, while, cond and run_state in kernels",
        "A loop or conditional the Mosaic GPU lowering cannot lower: reverse scans, an "
        "unroll that does not divide the trip count, run_state without initialized refs.",
        "Use forward loops with an unroll dividing the static length, and initialize the "
        "refs of run_state."),
    "run_scoped_alloc": Family(
        "run_scoped scratch allocations",
        "A `pl.run_scoped` allocation without the collective axes a multithreaded kernel "
        "needs, or a scratch kind that run_scoped cannot allocate.",
        "Pass `collective_axes=` of the thread axis in multithreaded kernels; allocate "
        "global semaphores with `pl.get_global`."),
    "ref_indexing": Family(
        "ref indexing: strides, dynamic slice sizes, array indices",
        "A ref is indexed with a strided slice, a slice of dynamic size, or an array of "
        "indices.",
        "Index refs with ints and static unit-stride slices (`pl.ds(start, size)` with a "
        "static size)."),
    "jvp_vmap": Family(
        "jvp / vmap of pallas_call and kernels",
        "Differentiating or batching a mesh-based pallas_call or kernel, or one with "
        "input_output_aliases.",
        "Write the derivative as its own kernel (`jax.custom_vjp`), or batch inside the kernel."),
    "mesh_required": Family(
        "a collective without a mesh", "See PAL001.", "See `pallas-lsp explain PAL001`.",
        "PAL001"),
    "einshape": Family(
        "pl.einshape equations",
        "An einshape equation whose groups or sizes do not match the operand.",
        "Check the equation's dims against the operand's shape."),
    "debug_checks": Family(
        "debug_print and checkify in kernels",
        "`pl.debug_print` with keyword arguments, ordered=True, or operands it cannot print "
        "(arrays in warp-level code).",
        "Print scalars or one array, positionally."),
    "compiler_params": Family(
        "compiler params",
        "Mosaic GPU CompilerParams fields that do not go together (profile_space without "
        "profile_dir), an unknown trace scope, or dimension_semantics in the unpipelined "
        "lowering.",
        "Set profile_space and profile_dir together and drop dimension_semantics."),
    "axes_mismatch": Family(
        "collective axes that are not whole mesh axes", "See PAL002.",
        "See `pallas-lsp explain PAL002`.", "PAL002"),
    "multimem_atomic_operands": Family(
        "multimem_store / atomic operands",
        "The value stored has another shape or dtype than the target ref.",
        "Store a value of the ref's shape and dtype (cast or reshape it first)."),
    "memory_space": Family(
        "the memory space of refs given to primitives",
        "A primitive gets a ref in another memory space than it needs (GMEM, SMEM, TMEM), "
        "or a value that is not a ref.",
        "Pass a ref of the memory space the primitive names (allocate scratch with "
        "`plgpu.SMEM(...)`, keep inputs in GMEM)."),
    "kernel_body_capture": Family(
        "kernel bodies that capture constants or return values",
        "The kernel function closes over arrays (constants) or Refs, or returns a value.",
        "Pass arrays as inputs, write results to the output refs, and return None."),
    "kernel_args": Family(
        "plgpu.kernel's mesh arguments", "See PAL010.", "See `pallas-lsp explain PAL010`.",
        "PAL010"),
    "axis_unknown": Family(
        "an axis name that no mesh binds", "See PAL005.", "See `pallas-lsp explain PAL005`.",
        "PAL005"),
    "axis_program_id": Family(
        "program_id / num_programs out of context",
        "`pl.program_id` in a kernel without a grid, or an axis past the grid's rank.",
        "Use `lax.axis_index` of the kernel's grid names in plgpu.kernel bodies."),
    "reduction_dtype": Family(
        "reductions of a dtype the op does not support", "See PAL006.",
        "See `pallas-lsp explain PAL006`.", "PAL006"),
    "layout_unsupported": Family(
        "a layout the op does not support", "See PAL004.", "See `pallas-lsp explain PAL004`.",
        "PAL004"),
    "layout_missing": Family(
        "a register layout JAX cannot infer", "See PAL003.", "See `pallas-lsp explain PAL003`.",
        "PAL003"),
}

_EXAMPLES = 6


def page(name: str) -> str | None:
    """The family's page: what it means, how to fix it, and JAX's own messages of it on the
    newest release (with their sites), and which rules predict some of them."""
    family = FAMILIES.get(name)
    if family is None:
        return None
    release = RELEASES[-1]
    members = [site for site in sites(release)
               if (found := class_of(site)) is not None and found.family == name]
    rules = sorted({code for site in members if (code := predicted_by(site, release))})
    lines = [f"# {name}: {family.title}", "",
             f"*{len(members)} raise site(s) in JAX {release}"
             + (f"; predicted by {', '.join(rules)}*" if rules else "; no rule predicts them yet*"),
             "", "## What it means", family.meaning, "", "## How to fix", family.fix, ""]
    if family.rule:
        lines += [f"The rule of this family: `pallas-lsp explain {family.rule}`.", ""]
    if members:
        lines += ["## JAX's messages (templates; `{...}` is a value)", "```"]
        lines += [f"{site.short}: {site.exception}: {site.message}" for site in members[:_EXAMPLES]]
        if len(members) > _EXAMPLES:
            lines.append(f"... and {len(members) - _EXAMPLES} more (docs/raise-sites.md)")
        lines += ["```", ""]
    return "\n".join(lines)
