"""PAL027 ref_load_size: loading a ref into registers, whole or a contiguous run of it (a
``pl.ds`` block, whole rows), needs a multiple of 128 elements (the quickstart's add_vectors
with 32 values; a blocked kernel with blocks of 96): under Lane semantics the load raises,
under Warpgroup semantics layout inference finds no layout for the kernel."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..ref_facts import index_dims
from ..smem_transforms import elements, itemsize
from ..tma_facts import whole_array_copy_fault
from ..trace import RefAccess
from ..values import Const, RefVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL027",
    name="ref_load_size",
    title="a load of a ref into registers needs a multiple of 128 elements",
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
        "elements, so the ref (or the block of it loaded: a `pl.ds` window, whole rows) must "
        "have a multiple of 128 elements. A Mosaic GPU "
        "`pl.pallas_call` without block specs hands the body refs of the whole arrays, so the "
        "Pallas quickstart's `add_vectors` on 32 float32 values fails here. Warpgroup "
        "semantics has the same limit: it must give the loaded value a register layout, and "
        "none spreads such a size over the 128 threads, so layout inference fails."
    ),
    when_it_happens=(
        "A load of a whole ref (`x_ref[...]`) of a GMEM or shared-memory ref whose size is not a "
        "multiple of 128 (32, 64, 160 elements; a (4, 8) ref), or of a contiguous run of an "
        "untransformed ref of such a size (`x_ref[pl.ds(i * 96, 96)]`, `x_ref[1:4]` of whole "
        "rows of 32), in a kernel lowered with Lane "
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


def _faulty_loads(program: Program, semantics: str) -> Iterator[tuple[RefAccess, RefVal, str, int]]:
    """The loads of a GMEM or SMEM ref, whole or of a contiguous run of it, whose size is not
    a multiple of 128, in kernels of ``semantics``, that lowering reaches: each with the ref,
    what it loads (in words) and its size."""
    # A store or control flow JAX refuses while tracing (PAL026, PAL077) stops the launch
    # before any op is lowered.
    traced_faults = program.trace_refused_launches()
    for access in program.ref_accesses:
        ref = access.ref
        # A launch whose own copies fail (PAL013) never lowers its body.
        if id(access.launch) in traced_faults or access.kind != "load" or access.scoped \
                or not isinstance(ref, RefVal) or whole_array_copy_fault(access.launch) is not None:
            continue
        kernel = access.launch.kernel
        if ref.space not in ("GMEM", "SMEM") or ref.views != () or program.api_removed(kernel) \
                or program.semantics(kernel).name != semantics:
            continue
        whole = _whole(ref, access.index)
        known = ref.shape.value if isinstance(ref.shape, Const) else None
        shape = (known if isinstance(known, tuple) else None) if whole \
            else _contiguous_slice(ref, access.index)
        count = elements(Const(shape)) if shape else None
        if count is None or itemsize(ref.dtype) is None or count % WARPGROUP_THREADS == 0:
            continue
        dtype = ref.dtype.name  # type: ignore[union-attr]
        loaded = f"a whole {short_repr(shape)} {dtype} ref" if whole else \
            f"a {short_repr(shape)} slice of a {short_repr(ref.shape.value)} {dtype} ref"  # type: ignore[union-attr]
        yield access, ref, loaded, count


def _warpgroup(program: Program) -> Iterator[Finding]:
    """Warpgroup semantics: layout inference fails for the whole kernel, blamed on the jitted
    call. Measured for GMEM refs (a kernel's inputs); an SMEM ref is not judged here, nor a
    kernel with a layout_cast (the cast is a constraint inference may satisfy otherwise)."""
    casts = program.launches_casting_layouts()
    done: set[int] = set()
    for access, ref, loaded, count in _faulty_loads(program, "Warpgroup"):
        launch = access.launch
        if ref.space != "GMEM" or id(launch) in casts or id(launch) in done:
            continue
        done.add(id(launch))
        semantics = program.semantics(launch.kernel)
        padded = -(-count // WARPGROUP_THREADS) * WARPGROUP_THREADS
        blamed = launch.lowered_at
        related = (Related(program.span(access.node), "the load that has no register layout"),
                   Related(program.span(launch.kernel.node), "the kernel is created here"))
        yield Finding(
            RULE.code, program.span(blamed),
            f"The kernel loads {loaded} into registers (line {access.node.lineno}) under "
            f"Warpgroup semantics ({semantics.reason}): a register value is spread over the "
            f"warpgroup's 128 threads, and no layout fits {count} elements, so JAX fails when "
            f"it lowers this call with \"ValueError: Failed to infer a possible set of "
            f"layouts\". Load {padded} elements (pad the array, or "
            f"size the block to a multiple of 128).",
            related=related)


def _lane(program: Program) -> Iterator[Finding]:
    seen: set[int] = set()
    for access, _ref, loaded, count in _faulty_loads(program, "Lane"):
        # JAX raises the first load of a line.
        if access.node.lineno in seen:
            continue
        kernel = access.launch.kernel
        seen.add(access.node.lineno)
        padded = -(-count // WARPGROUP_THREADS) * WARPGROUP_THREADS
        related = (Related(program.span(kernel.node), "the kernel is created here"),)
        yield Finding(
            RULE.code, program.span(access.node),
            f"This loads {loaded} into registers under Lane semantics, which spreads it over "
            f"the warpgroup's 128 threads: it needs a multiple of 128 elements and has "
            f"{count}. JAX raises \"ValueError: memref<...> must have a number of elements "
            f"that is a multiple of 128 (got {count})\". Load {padded} elements (pad the "
            f"array, or size the block to a multiple of 128).",
            related=related)


def _contiguous_slice(ref: RefVal, index: object) -> tuple[int, ...] | None:
    """The shape a load of ``ref[index]`` gives, where the index takes one contiguous run of
    an untransformed ref's elements, unit strides (``x_ref[pl.ds(i * 96, 96)]``, rows of a
    2-D ref, a row picked by an int): Lane loads that run WG-strided, as it loads a whole
    ref. None for anything else (a window of the minor dimension, a stride, a scalar)."""
    if ref.transforms != () or not isinstance(ref.shape, Const):
        return None
    dims = index_dims(ref.shape, index)
    if dims is None or any(dim.kind == "slice" and (dim.size is None or dim.stride != 1) for dim in dims):
        return None
    extents: tuple[int, ...] = ref.shape.value  # type: ignore[assignment]
    # Past the last dimension not taken whole, every dimension is whole; before it, each
    # is picked (an int or a slice of one): the run is contiguous.
    partial = [i for i, (dim, extent) in enumerate(zip(dims, extents, strict=True))
               if not (dim.kind == "slice" and dim.size == extent)]
    if partial and any(dim.kind == "slice" and dim.size != 1 for dim in dims[:partial[-1]]):
        return None
    shape = tuple(dim.size for dim in dims if dim.kind == "slice")
    return shape if shape and all(type(size) is int and size > 0 for size in shape) else None  # type: ignore[return-value]


def _whole(ref: RefVal, index: object) -> bool:
    """The index takes the whole ref (``...``, or a full slice of every dimension)."""
    if isinstance(index, Const) and index.value is Ellipsis:
        return True
    dims = index_dims(ref.shape, index)
    return dims is not None and isinstance(ref.shape, Const) and all(
        dim.kind == "slice" and dim.start == 0 and dim.size == extent and dim.stride == 1
        for dim, extent in zip(dims, ref.shape.value, strict=True))  # type: ignore[arg-type]



