"""PAL027 ref_load_size: loading a whole ref into registers needs a multiple of 128 elements
(the quickstart's add_vectors with 32 values): under Lane semantics the load raises, under
Warpgroup semantics layout inference finds no layout for the kernel."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..ref_facts import index_dims
from ..ref_stores import store_fault
from ..smem_transforms import elements, itemsize
from ..tma_facts import whole_array_copy_fault
from ..trace import RefAccess
from ..values import Const, RefVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL027",
    name="ref_load_size",
    title="a whole-ref load into registers needs a multiple of 128 elements",
    jax_message=(
        "ValueError: memref<32xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> must "
        "have a number of elements that is a multiple of 128 (got 32)\n"
        "ValueError: Failed to infer a possible set of layouts. This should only happen if "
        "user-provided layout casts are unsatisfiable."
    ),
    lowering_errors=(
        # A number in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"must have a number of elements that is a multiple of (128|\{[^}]*\}) "
                      r"\(got (\d+|\{[^}]*\})\)", exc_type="ValueError"),
        # Warpgroup semantics: layout inference's own words, which name no op; other causes
        # raise them too, and the finding on the blamed line (the jitted call) says which.
        LoweringError(r"\AFailed to infer a possible set of layouts\.", exc_type="ValueError"),
    ),
    what_it_means=(
        "Under Lane semantics `x_ref[...]` loads the ref into registers in the strided layout "
        "(`WG_STRIDED`): every one of the warpgroup's 128 threads holds the same number of "
        "elements, so the ref must have a multiple of 128 elements. A Mosaic GPU "
        "`pl.pallas_call` without block specs hands the body refs of the whole arrays, so the "
        "Pallas quickstart's `add_vectors` on 32 float32 values fails here. Warpgroup "
        "semantics has the same limit: it must give the loaded value a register layout, and "
        "none spreads such a size over the 128 threads, so layout inference fails."
    ),
    when_it_happens=(
        "A load of a whole ref (`x_ref[...]`) of a GMEM or shared-memory ref whose size is not a "
        "multiple of 128 (32, 64, 160 elements; a (4, 8) ref), in a kernel lowered with Lane "
        "semantics: the default through 0.10.2, or `plgpu.CompilerParams(lowering_semantics="
        "plgpu.LoweringSemantics.Lane)`. Raised on the load line. Under Warpgroup semantics the "
        "kernel's register layouts are inferred instead, and a whole load of a GMEM ref of such a "
        "size has none: lowering fails with \"Failed to infer a possible set of layouts\", "
        "blamed on the line that calls the jitted function (the message names no op; the "
        "finding's related location is the load). That is the default from 0.11.2, so the "
        "quickstart's add_vectors as a `plgpu.kernel` of 32 values fails this way on 0.11.2 "
        "and 0.12.0.1. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1. A kernel with any "
        "`plgpu.layout_cast` is not judged under Warpgroup (a cast constrains inference)."
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
    yield from _lane(program)
    yield from _warpgroup(program)


def _faulty_loads(program: Program, semantics: str) -> Iterator[tuple[RefAccess, RefVal, int]]:
    """The whole-ref loads of a GMEM or SMEM ref whose size is not a multiple of 128, in
    kernels of ``semantics``, that lowering reaches, with the ref and its size."""
    # A store JAX refuses while tracing (PAL026) stops the launch before any op is lowered.
    traced_faults = {id(access.launch) for access in program.ref_accesses if access.kind == "store"
                     and store_fault(access.ref, access.index, access.value) is not None}
    for access in program.ref_accesses:
        ref = access.ref
        # A launch whose own copies fail (PAL013) never lowers its body.
        if id(access.launch) in traced_faults or access.kind != "load" or access.scoped \
                or not isinstance(ref, RefVal) or whole_array_copy_fault(access.launch) is not None:
            continue
        kernel = access.launch.kernel
        if ref.space not in ("GMEM", "SMEM") or ref.views != () or program.api_removed(kernel) \
                or program.semantics(kernel).name != semantics or not _whole(ref, access.index):
            continue
        count = elements(ref.shape)
        if count is None or itemsize(ref.dtype) is None or not ref.shape.value \
                or count % WARPGROUP_THREADS == 0:  # type: ignore[union-attr]
            continue
        yield access, ref, count


def _warpgroup(program: Program) -> Iterator[Finding]:
    """Warpgroup semantics: layout inference fails for the whole kernel, blamed on the jitted
    call. Measured for GMEM refs (a kernel's inputs); an SMEM ref is not judged here, nor a
    kernel with a layout_cast (the cast is a constraint inference may satisfy otherwise)."""
    casts = program.launches_casting_layouts()
    done: set[int] = set()
    for access, ref, count in _faulty_loads(program, "Warpgroup"):
        launch = access.launch
        if ref.space != "GMEM" or id(launch) in casts or id(launch) in done:
            continue
        done.add(id(launch))
        semantics = program.semantics(launch.kernel)
        dtype = ref.dtype.name  # type: ignore[union-attr]
        padded = -(-count // WARPGROUP_THREADS) * WARPGROUP_THREADS
        blamed = launch.lowered_at
        related = (Related(program.span(access.node), "the load that has no register layout"),
                   Related(program.span(launch.kernel.node), "the kernel is created here"))
        yield Finding(
            RULE.code, program.span(blamed),
            f"The kernel loads a whole {short_repr(ref.shape.value)} {dtype} ref into registers "  # type: ignore[union-attr]
            f"(line {access.node.lineno}) under Warpgroup semantics ({semantics.reason}): a "
            f"register value is spread over the warpgroup's 128 threads, and no layout fits "
            f"{count} elements, so JAX fails when it lowers this call with \"ValueError: Failed "
            f"to infer a possible set of layouts\". Pad the array to {padded} elements.",
            related=related)


def _lane(program: Program) -> Iterator[Finding]:
    seen: set[int] = set()
    for access, ref, count in _faulty_loads(program, "Lane"):
        # JAX raises the first load of a line.
        if access.node.lineno in seen:
            continue
        kernel = access.launch.kernel
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



