"""PAL027 ref_load_size: loading a ref into registers, whole or a contiguous run of it (a
``pl.ds`` block, whole rows), needs a multiple of 128 elements (the quickstart's add_vectors
with 32 values; a blocked kernel with blocks of 96): under Lane semantics the load raises,
under Warpgroup semantics layout inference finds no layout for the kernel."""

from __future__ import annotations

from collections.abc import Iterator

from ..load_sizes import (
    WARPGROUP_THREADS,
    FaultyLoad,
    faulty_loads,
    swizzled_off_tile_uninferred,
    swizzled_uninferred,
    warpgroup_unlayoutable,
)
from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..smem_transforms import itemsize, swizzled_untiled, tiled_unswizzled
from ..versions import KERNEL_LOWERED_AT_JIT_CALL, holds
from .base import LoweringError, Rule
from .common import made_here

RULE = Rule(
    code="PAL027",
    name="ref_load_size",
    title="a ref in registers with no layout: a size not a multiple of 128, or swizzled and untiled",
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
        "`plgpu.layout_cast` is not judged under Warpgroup (a cast constrains inference). "
        "Under Warpgroup from 0.11.2, a load or store in registers of a shared-memory buffer "
        "swizzled but not tiled has no layout either (the same message, on the jitted call; "
        "under Lane PAL012 reports its load)."
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


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _lane(program)
    yield from _warpgroup(program)
    yield from _swizzled_accesses_warpgroup(program)
    yield from _swizzled_off_tile_warpgroup(program)


def _swizzled_accesses_warpgroup(program: Program) -> Iterator[Finding]:
    """Under Warpgroup semantics (0.11 on), a register load or store of a buffer swizzled but
    not tiled, in a kernel that casts no layout: layout inference fails ("Failed to infer a
    possible set of layouts"), blamed on the jitted call (load_sizes.swizzled_uninferred)."""
    reported: set[int] = set()
    for access in swizzled_uninferred(program).values():
        blamed = access.launch.lowered_at
        if id(blamed) in reported:
            continue
        reported.add(id(blamed))
        ref = access.ref
        swizzle = swizzled_untiled(ref)
        what = "loads" if access.kind == "load" else "stores"
        if swizzle is None:
            tile = tiled_unswizzled(ref)
            yield Finding(
                RULE.code, program.span(blamed),
                f"This kernel {what} a shared-memory buffer tiled {tile} (and not swizzled) in "
                f"registers (line {access.node.lineno}) and names no register layout: under "
                f"Warpgroup semantics layout inference finds none that reads tiled memory without "
                f"a swizzle, and JAX raises \"ValueError: Failed to infer a possible set of "
                f"layouts\" when it lowers the kernel. Swizzle the buffer after the tiling "
                f"(SwizzleTransform(128)), or drop the tiling.",
                related=(Related(program.span(access.node), "the buffer is loaded or stored here"),
                         *made_here(program, ref, ref.transforms[0], "the tiling is built here")))  # type: ignore[union-attr,index]
            continue
        yield Finding(
            RULE.code, program.span(blamed),
            f"This kernel {what} a shared-memory buffer swizzled {swizzle} bytes (and not tiled) "
            f"in registers (line {access.node.lineno}) and names no register layout: under "
            f"Warpgroup semantics layout inference finds none that reads swizzled memory, and JAX "
            f"raises \"ValueError: Failed to infer a possible set of layouts\" when it lowers the "
            f"kernel. Tile the buffer before the swizzle (TilingTransform((8, "
            f"{(swizzle or 0) // (itemsize(ref.dtype) or 1)}))), or cast the value "  # type: ignore[attr-defined]
            f"(plgpu.layout_cast(smem[...], plgpu.Layout.WGMMA)).",
            related=(Related(program.span(access.node), "the buffer is loaded or stored here"),
                     *made_here(program, ref, ref.transforms[0], "the swizzle is built here")))  # type: ignore[union-attr,index]


def _swizzled_off_tile_warpgroup(program: Program) -> Iterator[Finding]:
    """Under Warpgroup semantics (0.10 on), a whole register load of a tiled and swizzled
    buffer whose rows are no multiple of 64, in a kernel that casts no layout: a swizzled
    buffer is read in the WGMMA layout only, whose 64-row tiles do not fit, and inference fails
    ("Failed to infer a possible set of layouts") on the jitted call
    (load_sizes.swizzled_off_tile_uninferred; measured: pal027/swizzled_rows_off_tile_warpgroup)."""
    reported: set[int] = set()
    for access in swizzled_off_tile_uninferred(program).values():
        blamed = access.launch.lowered_at
        if id(blamed) in reported:
            continue
        reported.add(id(blamed))
        shape = access.ref.shape.value  # type: ignore[attr-defined]
        yield Finding(
            RULE.code, program.span(blamed),
            f"This kernel loads a tiled and swizzled {short_repr(shape)} shared-memory buffer into "
            f"registers (line {access.node.lineno}): a swizzled buffer is read in the WGMMA "
            f"layout, whose (64, 8) tiles do not fit {short_repr(shape)}, so under Warpgroup "
            f"semantics layout inference finds no layout and JAX raises \"ValueError: Failed to "
            f"infer a possible set of layouts\" when it lowers the kernel. Make the buffer's rows "
            f"a multiple of 64 (pad it), or copy it with TMA without loading it into registers.",
            related=(Related(program.span(access.node), "the buffer is loaded here"),))


def _warpgroup(program: Program) -> Iterator[Finding]:
    """Warpgroup semantics: layout inference fails for the whole kernel, blamed on the jitted
    call. Measured for GMEM refs (a kernel's inputs) and untransformed shared-memory refs (a
    (32, 2) float32 scratch buffer, a pipeline's slot: 0.8.3 - 0.12.0.1); a transformed one is
    not judged, nor a kernel with a layout_cast (the cast is a constraint inference may
    satisfy otherwise)."""
    done: set[int] = set()
    for load in warpgroup_unlayoutable(program):
        access, count, loaded = load.access, load.count, _described(load)
        launch = access.launch
        if id(launch) in done:
            continue
        done.add(id(launch))
        semantics = program.semantics(launch.kernel)
        padded = -(-count // WARPGROUP_THREADS) * WARPGROUP_THREADS
        # From 0.9.1 the kernel is lowered when the jitted call is; before, at its own call.
        blamed = launch.lowered_at if holds(KERNEL_LOWERED_AT_JIT_CALL, program.version) else launch.site
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
    faulted: set[int] = set()  # launches with a faulty load or store reported
    for load in faulty_loads(program, "Lane"):
        access, count, loaded = load.access, load.count, _described(load)
        # JAX raises the first load of a line; a store's own read is reported only where no
        # earlier access of its launch failed (lowering stops at the first).
        if access.node.lineno in seen or (access.kind == "store" and id(access.launch) in faulted):
            continue
        faulted.add(id(access.launch))
        kernel = access.launch.kernel
        seen.add(access.node.lineno)
        padded = -(-count // WARPGROUP_THREADS) * WARPGROUP_THREADS
        related = (Related(program.span(kernel.node), "the kernel is created here"),)
        if access.kind == "store":
            yield Finding(
                RULE.code, program.span(access.node),
                f"This stores into {loaded} under Lane semantics: JAX's store reads the old "
                f"value there first, into registers in the strided layout, which spreads it over "
                f"the warpgroup's 128 threads: it needs a multiple of 128 elements and has "
                f"{count}. JAX raises \"ValueError: memref<...> must have a number of elements "
                f"that is a multiple of 128 (got {count})\". Store {padded} elements (pad the "
                f"array, or size the block to a multiple of 128).",
                related=related)
            continue
        yield Finding(
            RULE.code, program.span(access.node),
            f"This loads {loaded} into registers under Lane semantics, which spreads it over "
            f"the warpgroup's 128 threads: it needs a multiple of 128 elements and has "
            f"{count}. JAX raises \"ValueError: memref<...> must have a number of elements "
            f"that is a multiple of 128 (got {count})\". Load {padded} elements (pad the "
            f"array, or size the block to a multiple of 128).",
            related=related)


def _described(load: FaultyLoad) -> str:
    dtype = load.ref.dtype.name  # type: ignore[union-attr]
    if load.whole:
        return f"a whole {short_repr(load.shape)} {dtype} ref"
    return f"a {short_repr(load.shape)} slice of a {short_repr(load.ref.shape.value)} {dtype} ref"  # type: ignore[union-attr]
