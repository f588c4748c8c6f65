"""PAL027 ref_load_size: under Lane semantics, loading a whole ref into registers needs a
multiple of 128 elements (the quickstart's add_vectors with 32 values)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..ref_facts import index_dims
from ..ref_stores import store_fault
from ..smem_transforms import elements, itemsize
from ..tma_facts import whole_array_copy_fault
from ..values import Const, RefVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL027",
    name="ref_load_size",
    title="a whole-ref load under Lane semantics needs a multiple of 128 elements",
    jax_message=(
        "ValueError: memref<32xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> must "
        "have a number of elements that is a multiple of 128 (got 32)"
    ),
    lowering_errors=(
        LoweringError(r"must have a number of elements that is a multiple of 128 \(got \d+\)",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "Under Lane semantics `x_ref[...]` loads the ref into registers in the strided layout "
        "(`WG_STRIDED`): every one of the warpgroup's 128 threads holds the same number of "
        "elements, so the ref must have a multiple of 128 elements. A Mosaic GPU "
        "`pl.pallas_call` without block specs hands the body refs of the whole arrays, so the "
        "Pallas quickstart's `add_vectors` on 32 float32 values fails here."
    ),
    when_it_happens=(
        "A load of a whole ref (`x_ref[...]`) of a GMEM or shared-memory ref whose size is not a "
        "multiple of 128 (32, 64, 160 elements; a (4, 8) ref), in a kernel lowered with Lane "
        "semantics: the default through 0.10.2, or `plgpu.CompilerParams(lowering_semantics="
        "plgpu.LoweringSemantics.Lane)`. Raised on the load line. Under Warpgroup semantics the "
        "same load fails layout inference instead (\"Failed to infer a possible set of "
        "layouts\"), which this rule does not predict. Measured on 0.8.3, 0.10.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Pad the array to a multiple of 128 elements (slice the result back on the host), or load "
        "a register value with an explicit layout (`plgpu.load(x_ref, (), layout=...)`) that fits "
        "its shape."
    ),
    bad_example='''
params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
call = plgpu.kernel(add_one, out_type=jax.ShapeDtypeStruct((64,), jnp.float32),
                    compiler_params=params)
''',
    good_example='''
params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
call = plgpu.kernel(add_one, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                    compiler_params=params)
''',
    fixable=False,
)

WARPGROUP_THREADS = 128


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    # A store JAX refuses while tracing (PAL026) stops the launch before any op is lowered.
    traced_faults = {id(access.launch) for access in program.ref_accesses if access.kind == "store"
                     and store_fault(access.ref, access.index, access.value) is not None}
    for access in program.ref_accesses:
        if id(access.launch) in traced_faults:
            continue
        ref = access.ref
        # JAX raises the first load of a line; a launch whose own copies fail (PAL013) never
        # lowers its body.
        if access.kind != "load" or access.scoped or access.node.lineno in seen \
                or not isinstance(ref, RefVal) or whole_array_copy_fault(access.launch) is not None:
            continue
        kernel = access.launch.kernel
        if ref.space not in ("GMEM", "SMEM") or ref.views != () or program.api_removed(kernel) \
                or program.semantics(kernel).name != "Lane" or not _whole(ref, access.index):
            continue
        count = elements(ref.shape)
        if count is None or itemsize(ref.dtype) is None or not ref.shape.value \
                or count % WARPGROUP_THREADS == 0:  # type: ignore[union-attr]
            continue
        seen.add(access.node.lineno)
        dtype = ref.dtype.name  # type: ignore[union-attr]
        padded = -(-count // WARPGROUP_THREADS) * WARPGROUP_THREADS
        related = (Related(program.span(kernel.node), "the kernel is created here"),)
        yield Finding(
            RULE.code, program.span(access.node),
            f"This loads a {short_repr(ref.shape.value)} {dtype} ref into registers under Lane "  # type: ignore[union-attr]
            f"semantics, which spreads it over the warpgroup's 128 threads: it needs a multiple "
            f"of 128 elements and has {count}. JAX raises \"ValueError: memref<...> must have a "
            f"number of elements that is a multiple of 128 (got {count})\". Pad the array to "
            f"{padded} elements.",
            related=related)


def _whole(ref: RefVal, index: object) -> bool:
    """The index takes the whole ref (``...``, or a full slice of every dimension)."""
    if isinstance(index, Const) and index.value is Ellipsis:
        return True
    dims = index_dims(ref.shape, index)
    return dims is not None and isinstance(ref.shape, Const) and all(
        dim.kind == "slice" and dim.start == 0 and dim.size == extent and dim.stride == 1
        for dim, extent in zip(dims, ref.shape.value, strict=True))  # type: ignore[arg-type]



