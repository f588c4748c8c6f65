"""PAL012 smem_transforms: swizzle and tiling transforms of a shared-memory buffer that do not
fit each other, a window of it that cuts a tile or indexes it as its transforms forbid (an
integer or a stride on a tiled dimension, a cut swizzled row, a strided window of shared
memory), a reshape of a tiled buffer its tiling cannot follow, or a Lane register load /
store its transforms cannot serve (a swizzle without tiling and no layout, a tiling that is
not 2D)."""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator

from ..casts import cast_after
from ..model import Finding, Fix, Options, Related
from ..pipelines import RUN, BlockSpecVal, PipelineBufferType, PipelineVal, allocated_buffers, in_smem
from ..program import Program, short_repr
from ..ref_facts import transforms_of
from ..smem_transforms import (
    SWIZZLES,
    SwizzleFit,
    TileMisfit,
    WindowFault,
    allocation_refused,
    itemsize,
    swizzle_fit,
    swizzle_unsupported,
    tiling_misfit,
    window_dims,
    window_fault,
    window_misfit,
    window_past_end,
)
from ..tiled_reshapes import ReshapeFault, reshape_fault
from ..trace import Launch, RefAccess
from ..values import Const, RefTypeVal, RefVal, TransformVal
from ..versions import (
    LANE_SWIZZLED_LOAD_TAKES_CAST,
    TILED_REF_RESHAPES_FOLD,
    TILING_REFUSED_BY_MOSAIC,
    format_jax_version,
    holds,
)
from .base import LoweringError, Rule
from .common import made_here, replace_node

RULE = Rule(
    code="PAL012",
    name="smem_transforms",
    title="a shared-memory buffer's swizzle and tiling do not fit, or an index, reshape or load breaks them",
    jax_message=(
        "ValueError: Swizzle 96 is not supported. Only 32, 64 and 128 are accepted.\n"
        "ValueError: Swizzle 128 requires the trailing dimension to be of size 64, but got "
        "shape: (8, 4, 8, 32)\n"
        "ValueError: Expected slice start (4) and slice size (16) to be divisible by the tile "
        "size (8)\n"
        "NotImplementedError: Tiling without swizzle is not supported.\n"
        "NotImplementedError: Unsupported swizzle transform with strided layout\n"
        "NotImplementedError: Only 2D tiling is supported, got: (64,)\n"
        "ValueError: Swizzled dims cannot be sliced\n"
        "NotImplementedError: Non-slice indices are not supported in 2 minormost dims: (...)\n"
        "NotImplementedError: Strided slices unsupported. Got stride: 2\n"
        "TypeError: Unsupported index type: <class '...DynamicJaxprTracer'>\n"
        "NotImplementedError: Strided slices not implemented\n"
        "NotImplementedError: Folding tiled dimensions into untiled dimensions is not supported\n"
        "TypeError: 'SwizzleTransform' object is not iterable"
    ),
    lowering_errors=(
        # A number in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"Swizzle (-?\d+|\{[^}]*\}) is not supported\. Only 32, 64 and 128 are "
                      r"accepted", exc_type="ValueError"),
        # A number in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"Swizzle (\d+|\{[^}]*\}) requires the trailing dimension to be of size",
                      exc_type="ValueError"),
        LoweringError(r"Expected slice start \((-?\d+|\{[^}]*\})\) and slice (size|stop) "
                      r"\((\d+|\{[^}]*\})\) to be divisible by the tile size", exc_type="ValueError"),
        LoweringError(r"Tiling without swizzle is not supported", exc_type="NotImplementedError"),
        LoweringError(r"Unsupported transforms: \[UntileRef\(tiling=", exc_type="NotImplementedError"),
        LoweringError(r"Unsupported transforms: \[UnswizzleRef\(swizzle=", exc_type="NotImplementedError"),
        LoweringError(r"Unsupported swizzle transform with strided layout",
                      exc_type="NotImplementedError"),
        LoweringError(r"Only 2D tiling is supported, got:", exc_type="NotImplementedError"),
        LoweringError(r"Swizzled dims cannot be sliced", exc_type="ValueError"),
        LoweringError(r"Non-slice indices are not supported in 2 minormost dims",
                      exc_type="NotImplementedError"),
        LoweringError(r"Strided slices unsupported\. Got stride:", exc_type="NotImplementedError"),
        # An integer index of a tiled dimension; "{idx.type}" is the dialect's other site.
        LoweringError(r"Unsupported index type: (<class |\{type\(idx\)\})", exc_type="TypeError"),
        LoweringError(r"Strided slices not implemented", exc_type="NotImplementedError"),
        # transforms= given one transform (the tuple's comma missing): JAX iterates it.
        LoweringError(r"^'(Tiling|Swizzle|Transpose)Transform' object is not iterable$",
                      exc_type="TypeError"),
        # A tile that does not divide the buffer it tiles: a bare assertion in
        # TilingTransform.transform_type from 0.10 (claimed there only), 0.8.3's TileTransform
        # says it.
        LoweringError(r"\A\s*(AssertionError(\(\))?)?\s*\Z", exc_type="AssertionError",
                      sites=r"pallas/mosaic_gpu/core\.py:TilingTransform\.transform_type$"),
        LoweringError(r"Expected GMEM slice shape .* suffix to be a multiple of\s+tiling",
                      exc_type="ValueError", when=TILING_REFUSED_BY_MOSAIC),
        # A reshape of a tiled buffer (tiled_reshapes.py); JAX writes `UntilingTransform`
        # in backquotes (the raise-site table in quotes).
        LoweringError(r"Unfolding dimensions is not supported when commuting an\s+.UntilingTransform. "
                      r"with a .ReshapeTransform.", exc_type="NotImplementedError"),
        LoweringError(r"Folding tiled dimensions into untiled dimensions is not supported",
                      exc_type="NotImplementedError"),
        LoweringError(r"Cannot commute .UntilingTransform. with .ReshapeTransform. when any of the "
                      r"dimensions being collapsed other t", exc_type="ValueError"),
    ),
    what_it_means=(
        "A shared-memory buffer (`plgpu.SMEM(shape, dtype, transforms=...)`) can be stored in "
        "tiles (`plgpu.TilingTransform((8, 64))`: the last dimensions are cut into 8 x 64 "
        "tiles) and swizzled (`plgpu.SwizzleTransform(128)`: each row of 128 bytes is "
        "permuted so that TMA copies and `wgmma` reads avoid bank conflicts). Mosaic GPU "
        "swizzles rows of 32, 64 or 128 bytes only, and a swizzle of S bytes needs the minor "
        "dimension, after tiling, to be exactly S bytes wide: S / itemsize elements (64 "
        "float16, 32 float32). A window of a tiled buffer (`smem.at[pl.ds(start, size)]`, an "
        "indexed load or store) must cover whole tiles: JAX cannot address part of a tile; "
        "it must slice a tiled dimension (an integer index there is refused) with stride 1. A "
        "buffer swizzled but not tiled permutes each row as a whole: its two minor dimensions "
        "must be sliced, the minor one whole. Shared memory without transforms is sliced "
        "contiguously only (no stride). Under Lane semantics a register load or store of a "
        "tiled buffer needs a 2D tiling, and a load of a buffer swizzled but not tiled needs "
        "the layout from a `plgpu.layout_cast` right after it."
    ),
    when_it_happens=(
        "A tiling that does not divide the buffer it tiles (a (64, 130) buffer tiled (8, 32)): "
        "a bare AssertionError while JAX builds the buffer's type, on the same line as a swizzle "
        "that does not fit (below), from 0.10.2; 0.8.3 says \"Expected GMEM slice shape (64, "
        "130) suffix to be a multiple of tiling (8, 32)\"; the kernel's body is not traced, so "
        "nothing in it is judged. "
        "`SwizzleTransform(96)` (or 16, 256): raised where the transform is built. A (8, 32) "
        "float16 tile under `SwizzleTransform(128)` (64 bytes of a 128-byte row), or a swizzled "
        "buffer without tiling whose last dimension is not S / itemsize: raised while the kernel "
        "is traced, blamed on the call of the kernel (inside a jitted function too; on the "
        "`pl.run_scoped` call for a scoped "
        "buffer; on the line that runs a `plgpu.emit_pipeline` whose BlockSpecs' transforms "
        "do not fit their blocks, for the buffers the pipeline allocates; on the "
        "`pl.run_scoped` that allocates them where a warp-specialized pipeline's "
        "`get_allocations(...)` is handed to it). "
        "`smem.at[pl.ds(4, 16)]` of a buffer tiled (8, 64): raised on the copy, load "
        "or store that uses the window. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (0.8.3 "
        "words the last one \"slice start (4) and slice stop (20)\"). Under Lane semantics a "
        "register load (`smem[...]`) of a buffer tiled without a swizzle: \"Tiling without "
        "swizzle is not supported\" on the load (0.8.3: \"Unsupported transforms: "
        "[UntileRef(...)]\"); under Warpgroup layout inference fails instead (not predicted). "
        "On the copy, load or store that uses the index, every release 0.8.3 to 0.12.0.1, Lane "
        "and Warpgroup: `smem.at[0]` of a buffer tiled (8, 64) (\"Unsupported index type\"), "
        "`smem.at[pl.ds(0, 32, stride=2)]` of it (\"Strided slices unsupported\") or of a "
        "buffer without transforms (\"Strided slices not implemented\"), `smem.at[0]` or "
        "`smem.at[:, pl.ds(0, 32)]` of a (64, 64) float16 buffer swizzled 128 bytes without "
        "tiling (\"Non-slice indices are not supported in 2 minormost dims\", \"Swizzled dims "
        "cannot be sliced\"). Under Lane, on the access: `smem[...]` of a buffer tiled (64,) "
        "or (2, 8, 64) (\"Only 2D tiling is supported\"), and `smem[...]` of a buffer swizzled "
        "but not tiled with no `plgpu.layout_cast` right after it (\"Unsupported swizzle "
        "transform with strided layout\"; through 0.9.2 every such load, cast or not: "
        "\"Unsupported transforms: [UnswizzleRef(swizzle=128)]\"). From 0.10.2, on the copy, "
        "load or store that uses it: `smem.reshape(...)` of a tiled buffer that splits a "
        "dimension (\"Unfolding dimensions is not supported ...\"), merges a leading, untiled "
        "dimension into a tiled one (\"Folding tiled dimensions into untiled dimensions is not "
        "supported\"), or merges tiled dimensions with a tile above 1 on other than the minor "
        "one (\"Cannot commute `UntilingTransform` with `ReshapeTransform` ...\"); 0.8.3 refuses "
        "every reshape of a tiled buffer (\"Reshapes don't commute with tiling.\", not "
        "predicted). `transforms=plgpu.SwizzleTransform(128)`, or `(plgpu.SwizzleTransform("
        "128))` without its comma, gives one transform where JAX wants a sequence: \"TypeError: "
        "'SwizzleTransform' object is not iterable\" when JAX builds the buffer (the jitted call, "
        "the `pl.run_scoped` line, or the line that runs a pipeline whose `plgpu.BlockSpec` has "
        "it), every release 0.8.3 to 0.12.0.1."
    ),
    how_to_fix=(
        "Tile a buffer by divisors of its last dimensions (or pad them to multiples of the "
        "tile). Make the swizzle the byte width of the minor tile: `TilingTransform((8, 64))` with "
        "`SwizzleTransform(128)` for 2-byte types, `(8, 32)` with 128 for 4-byte types, `(8, "
        "32)` with 64 for 2-byte types (the quick fix writes the swizzle the tile implies). "
        "Start and size windows of a tiled dimension at multiples of its tile: `pl.ds(8 * i, "
        "16)` for tiles of 8 rows. Index tiled dimensions with slices of stride 1 (an integer "
        "index only on a leading, untiled dimension); slice a swizzled-only buffer's minor "
        "dimension whole, or tile it too; cast a Lane load of a swizzled-only buffer "
        "(`plgpu.layout_cast(smem[...], plgpu.Layout.WGMMA)`); tile the two minor dimensions. "
        "Declare a tiled buffer in the shape it is used in rather than reshaping it, or give "
        "the dimensions a reshape merges tiles of 1 but the minor one (`TilingTransform((1, "
        "64))` lets `(64, 2, 64)` be seen as `(64, 128)`). Give `transforms=` a tuple, even of "
        "one transform: `(plgpu.SwizzleTransform(128),)` (the quick fix adds the comma)."
    ),
    bad_example='''
transforms = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))
scratch = plgpu.SMEM((64, 128), jnp.float16, transforms=transforms)
''',
    good_example='''
transforms = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(64))
scratch = plgpu.SMEM((64, 128), jnp.float16, transforms=transforms)
''',
    fixable=True,
)

# The calls whose ref operands JAX transforms (and so checks against the tiling).
_WINDOW_OPERANDS = {"plgpu.copy_gmem_to_smem": ("dst",), "plgpu.copy_smem_to_gmem": ("src",)}


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _unsupported_swizzles(program)
    yield from _lone_transforms(program)
    yield from _swizzles_that_do_not_fit(program)
    yield from _tilings_that_do_not_divide(program)
    yield from _windows_that_cut_tiles(program)
    yield from _tiled_loads_without_swizzle(program)
    yield from _swizzled_loads_without_layout(program)
    yield from _tilings_not_2d(program)
    yield from _reshapes_of_tiled_buffers(program)


def _lane_accesses(program: Program, kind: str | None = None) -> Iterator[tuple[RefAccess, RefVal]]:
    """Register loads (and stores) of a whole shared-memory allocation under Lane semantics,
    once per line: what JAX's Lane get / swap rules judge by the transforms left."""
    seen: set[int] = set()
    for access in program.ref_accesses:
        ref = access.ref
        if (kind is not None and access.kind != kind) or access.scoped or access.node.lineno in seen \
                or not isinstance(ref, RefVal) or ref.space != "SMEM" or ref.root is not None \
                or program.semantics(access.launch.kernel).name != "Lane":
            continue
        dims = window_dims(ref, access.index)
        if dims is None or any(d.kind != "slice" or d.start != 0 or d.stride != 1 for d in dims) \
                or not isinstance(ref.shape, Const) \
                or any(d.size != n for d, n in zip(dims, ref.shape.value, strict=True)):  # type: ignore[arg-type]
            continue  # a window: the index checks (window_fault) come first
        seen.add(access.node.lineno)
        yield access, ref


def _swizzled_loads_without_layout(program: Program) -> Iterator[Finding]:
    """A Lane register load of a buffer swizzled but not tiled, with no layout_cast right
    after it: JAX loads it with the strided layout, which cannot read swizzled memory
    ("Unsupported swizzle transform with strided layout", 0.10.2 to 0.12.0.1, on the load).
    Before 0.10.2 every such load is refused, cast or not."""
    takes_cast = holds(LANE_SWIZZLED_LOAD_TAKES_CAST, program.version)
    for access, ref in _lane_accesses(program, "load"):
        found = transforms_of(ref)
        swizzle = found.get("swizzle")
        if set(found) != {"swizzle"} or not isinstance(swizzle, TransformVal) \
                or swizzle_fit(_buffer_of(ref)) is not None:
            continue
        if not takes_cast:
            yield Finding(
                RULE.code, program.span(access.node),
                f"This loads a shared-memory buffer swizzled {swizzle.value} bytes (and not tiled) "
                f"into registers: under Lane semantics JAX {format_jax_version(program.version)} "
                f"loads swizzled buffers only when they are tiled too, and raises "
                f"\"NotImplementedError: Unsupported transforms: [UnswizzleRef(swizzle="
                f"{swizzle.value})]\" (from 0.10.2 a plgpu.layout_cast right after the load is "
                f"enough). Tile the buffer before the swizzle (TilingTransform((8, "
                f"{swizzle.value // (itemsize(ref.dtype) or 1)}))).",
                related=made_here(program, ref, swizzle, "the swizzle is built here"))
            continue
        if cast_after(program, access.node).kind not in ("missing", "broken"):  # type: ignore[arg-type]
            continue
        yield Finding(
            RULE.code, program.span(access.node),
            f"This loads a shared-memory buffer swizzled {swizzle.value} bytes (and not tiled) into "
            f"registers with no layout given: under Lane semantics JAX then uses its strided layout, "
            f"which cannot read swizzled memory, and raises \"NotImplementedError: Unsupported "
            f"swizzle transform with strided layout\". Cast the loaded value right away "
            f"(plgpu.layout_cast(smem[...], plgpu.Layout.WGMMA)) or tile the buffer too "
            f"(TilingTransform((8, {swizzle.value // (itemsize(ref.dtype) or 1)})) before the swizzle).",
            related=made_here(program, ref, swizzle, "the swizzle is built here"))


def _tilings_not_2d(program: Program) -> Iterator[Finding]:
    """A Lane register load or store of a swizzled buffer whose tiling is not 2D: "Only 2D
    tiling is supported, got: (64,)" (0.10.2 to 0.12.0.1, on the access)."""
    for access, ref in _lane_accesses(program):
        found = transforms_of(ref)
        tiling = found.get("tiling")
        kinds = [t.kind for t in ref.transforms] if isinstance(ref.transforms, tuple) else []  # type: ignore[attr-defined]
        if kinds != ["tiling", "swizzle"] or not isinstance(tiling, TransformVal) \
                or not isinstance(tiling.value, tuple) or len(tiling.value) == 2 \
                or any(type(t) is not int or t <= 0 for t in tiling.value) \
                or not _tiles_divide(ref, tiling.value) or swizzle_fit(_buffer_of(ref)) is not None:
            continue
        if access.kind == "store" and _elements(ref) == 1:
            continue  # a one-element store is written as a scalar, transforms unread
        what = "loads" if access.kind == "load" else "stores"
        yield Finding(
            RULE.code, program.span(access.node),
            f"This {what} registers {'from' if access.kind == 'load' else 'into'} a shared-memory "
            f"buffer tiled {short_repr(tiling.value)}, a {len(tiling.value)}D tiling: Mosaic GPU "
            f"moves registers to and from tiled memory only with 2D tiles. JAX raises "
            f"\"NotImplementedError: Only 2D tiling is supported, got: {short_repr(tiling.value)}\". "
            f"Tile the two minor dimensions (TilingTransform((8, {tiling.value[-1]})))."
            , related=made_here(program, ref, tiling, "the tiling is built here"))


def _buffer_of(ref: RefVal) -> RefTypeVal:
    return RefTypeVal(ref.space, ref.shape, ref.dtype, ref.transforms)


def _tiles_divide(ref: RefVal, tiles: tuple[object, ...]) -> bool:
    shape = ref.shape.value if isinstance(ref.shape, Const) and isinstance(ref.shape.value, tuple) else None
    if shape is None or len(tiles) > len(shape):
        return False
    return all(d % t == 0 for d, t in zip(shape[len(shape) - len(tiles):], tiles, strict=True))  # type: ignore[operator]


def _elements(ref: RefVal) -> int | None:
    shape = ref.shape.value if isinstance(ref.shape, Const) and isinstance(ref.shape.value, tuple) else None
    return None if shape is None else math.prod(shape)  # type: ignore[arg-type]


def _tiled_loads_without_swizzle(program: Program) -> Iterator[Finding]:
    """Under Lane semantics a register load of a tiled buffer needs a swizzle too ("Tiling
    without swizzle is not supported", 0.10.2; "Unsupported transforms: [UntileRef(...)]",
    0.8.3; on the load). Under Warpgroup layout inference fails instead: not predicted."""
    seen: set[int] = set()
    for access in program.ref_accesses:
        ref = access.ref
        if access.kind != "load" or access.scoped or access.node.lineno in seen \
                or not isinstance(ref, RefVal) or ref.space != "SMEM" \
                or program.semantics(access.launch.kernel).name != "Lane":
            continue
        found = transforms_of(ref.root or ref)
        tiling = found.get("tiling")
        if not isinstance(tiling, TransformVal) or "swizzle" in found or set(found) != {"tiling"}:
            continue
        seen.add(access.node.lineno)
        related = [Related(program.span(tiling.node), "the tiling is built here")] if tiling.node else []
        if ref.node is not None:
            related.append(Related(program.span(ref.node), "the shared-memory buffer is declared here"))
        yield Finding(
            RULE.code, program.span(access.node),
            f"This loads a shared-memory buffer tiled {short_repr(tiling.value)} without a swizzle "
            f"into registers: under Lane semantics Mosaic GPU loads tiled buffers only when they "
            f"are swizzled too. JAX raises \"NotImplementedError: Tiling without swizzle is not "
            f"supported.\" (0.8.3: \"Unsupported transforms: [UntileRef(...)]\"). Add the swizzle "
            f"the minor tile fills (SwizzleTransform(128) for 128 bytes) after the tiling.",
            related=tuple(related))


def _unsupported_swizzles(program: Program) -> Iterator[Finding]:
    seen: set[int] = set()
    for transform in program.made_transforms:
        if not swizzle_unsupported(transform) or transform.node is None or id(transform.node) in seen:
            continue
        seen.add(id(transform.node))
        implied = _implied_swizzle(program, transform)
        hint = (f" Its buffer's minor tile is {implied} bytes wide: use SwizzleTransform({implied})."
                if implied else " Use 128 for a minor tile of 128 bytes (64 float16, 32 float32), "
                "64 or 32 for narrower ones.")
        yield Finding(
            RULE.code, program.span(transform.node),
            f"SwizzleTransform({transform.value}): Mosaic GPU swizzles rows of 32, 64 or 128 bytes "
            f"only; JAX raises \"ValueError: Swizzle {transform.value} is not supported\" where the "
            f"transform is built.{hint}",
            fixes=_swizzle_fix(program, transform, implied))


def _implied_swizzle(program: Program, transform: TransformVal) -> int | None:
    """The swizzle the minor tile of the buffer holding this transform fills, when known."""
    for buffer in _buffers(program):
        if not isinstance(buffer.transforms, tuple) or not any(
                t.node is transform.node for t in buffer.transforms):  # type: ignore[attr-defined]
            continue
        size = itemsize(buffer.dtype)
        tilings = [t for t in buffer.transforms if t.kind == "tiling"]  # type: ignore[attr-defined]
        minor = tilings[-1].value[-1] if tilings and isinstance(tilings[-1].value, tuple) else None  # type: ignore[attr-defined]
        if size is not None and type(minor) is int and minor * size in SWIZZLES:
            return minor * size
    return None


def _swizzle_fix(program: Program, transform: TransformVal, swizzle: int | None) -> tuple[Fix, ...]:
    node = transform.node
    if swizzle is None or node is None or len(node.args) != 1 or node.keywords \
            or not isinstance(node.args[0], ast.Constant):
        return ()  # a swizzle computed elsewhere: the fix is not one literal
    return (Fix(f"Swizzle {swizzle} bytes, the width of the minor tile",
                (replace_node(program, node.args[0], str(swizzle)),), safe=True, preferred=True),)


def _buffers(program: Program) -> Iterator[RefTypeVal]:
    for launch in program.launches:
        yield from _scratch_buffers(launch)
    for scoped in program.scoped_buffers:
        if isinstance(scoped.buffer, RefTypeVal):
            yield scoped.buffer


def _scratch_buffers(launch: Launch) -> Iterator[RefTypeVal]:
    return (item for item in launch.scratch_leaves if isinstance(item, RefTypeVal))


def _allocations(program: Program) -> list[tuple[ast.AST, RefTypeVal]]:
    """(the line JAX blames, the buffer) for every buffer whose type JAX builds: a launch's
    scratch buffers, while the kernel's call is traced (inside a jitted function too:
    pal012/*_in_jit.py); a scoped buffer, on its ``pl.run_scoped``; a pipeline's buffers, on
    the line that runs it."""
    sites: list[tuple[ast.AST, RefTypeVal]] = []
    for launch in program.launches:
        made = [(launch.site, buffer) for buffer in _scratch_buffers(launch)]
        # (Not when JAX refuses the kernel's Mesh or grid first: PAL010, PAL078.)
        if made and not program.traced.launch_refused(launch.kernel):
            sites += made
    sites += [(scoped.node, scoped.buffer) for scoped in program.scoped_buffers
              if isinstance(scoped.buffer, RefTypeVal)]
    # A buffer whose swizzle JAX refuses where the transform is built never exists: the
    # program stops at the SwizzleTransform (reported there), before any check of the buffer.
    return [(blamed, buffer) for blamed, buffer in (*sites, *_pipeline_buffers(program))
            if not (isinstance(buffer.transforms, tuple)
                    and any(swizzle_unsupported(t) for t in buffer.transforms))]


def _tilings_that_do_not_divide(program: Program) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for blamed, buffer in _allocations(program):
        misfit = tiling_misfit(buffer)
        if misfit is None or buffer.space != "SMEM" or (id(blamed), id(buffer.node)) in seen:
            continue
        seen.add((id(blamed), id(buffer.node)))
        tile = misfit.tiling.value
        shape = misfit.shape[-len(tile):]  # type: ignore[arg-type]
        related = [Related(program.span(misfit.tiling.node), "the tiling is built here")] \
            if misfit.tiling.node is not None else []
        pipeline = isinstance(buffer, PipelineBufferType)
        if buffer.node is not None:
            related.append(Related(program.span(buffer.node), "the pipeline's buffer is this BlockSpec's"
                                   if pipeline else "the shared-memory buffer is declared here"))
        what = "pipeline's buffer for this BlockSpec" if pipeline else "shared-memory buffer"
        yield Finding(
            RULE.code, program.span(blamed),
            f"The {short_repr(misfit.shape)} {what} is tiled {short_repr(tile)}, and the tile "
            f"does not divide its last dimensions {short_repr(shape)}: JAX cuts the buffer into "
            f"whole tiles, and fails here with a bare AssertionError (0.8.3: \"Expected GMEM "
            f"slice shape ... suffix to be a multiple of tiling {short_repr(tile)}\"). Make the "
            f"buffer's dimensions multiples of the tile, or tile it by divisors of them.",
            related=tuple(related))


def _swizzles_that_do_not_fit(program: Program) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for blamed, buffer in _allocations(program):
        fit = swizzle_fit(buffer)
        if fit is None or buffer.space != "SMEM" or (id(blamed), id(buffer.node)) in seen:
            continue
        seen.add((id(blamed), id(buffer.node)))
        yield _fit_finding(program, blamed, buffer, fit,
                           "the pipeline allocates for the BlockSpec"
                           if isinstance(buffer, PipelineBufferType) else "declared")


def _lone_transforms(program: Program) -> Iterator[Finding]:
    """``transforms=`` given one transform, not a sequence: JAX iterates it when it builds a
    shared-memory buffer's type (a launch's scratch buffer: the jitted call; a scoped one: the
    ``pl.run_scoped`` line) or a pipeline's buffer for a BlockSpec (the line that runs the
    pipeline), and raises TypeError there."""
    sites: list[tuple[ast.AST, TransformVal, ast.AST | None, str]] = []
    for launch in program.launches:
        sites += [(launch.site, buffer.lone_transform, buffer.node, "shared-memory buffer")
                  for buffer in _scratch_buffers(launch)
                  if buffer.lone_transform is not None and buffer.space == "SMEM"]
    sites += [(scoped.node, scoped.buffer.lone_transform, scoped.buffer.node, "shared-memory buffer")
              for scoped in program.scoped_buffers
              if isinstance(scoped.buffer, RefTypeVal) and scoped.buffer.lone_transform is not None
              and scoped.buffer.space == "SMEM"]
    for op in (op for ops in program.ops_named(RUN).values() for op in ops):
        pipeline = op.args.get("pipeline")
        if not isinstance(pipeline, PipelineVal):
            continue
        for specs in (pipeline.in_specs, pipeline.out_specs):
            for spec in specs if isinstance(specs, tuple) else (specs,):
                # A spec whose block stays in GMEM gets no buffer, so its transforms are not read.
                if isinstance(spec, BlockSpecVal) and spec.lone_transform is not None \
                        and in_smem(spec) is not False:
                    sites.append((op.node, spec.lone_transform, spec.node, "pipeline BlockSpec"))
    seen: set[tuple[int, int]] = set()
    for blamed, transform, made, what in sites:
        if (id(blamed), id(transform.node)) in seen:
            continue
        seen.add((id(blamed), id(transform.node)))
        name = f"{transform.kind.capitalize()}Transform"
        related = [Related(program.span(transform.node), f"the {name} is built here")] \
            if transform.node is not None else []
        if made is not None:
            related.append(Related(program.span(made), f"the {what} is declared here"))
        fixes: tuple[Fix, ...] = ()
        if transform.node is not None:
            text = program.text(transform.node)
            fixes = (Fix(f"Make it a tuple: ({text},)",
                         (replace_node(program, transform.node, f"({text},)"),), safe=True, preferred=True),)
        yield Finding(
            RULE.code, program.span(blamed),
            f"The {what} is given transforms={name}(...) itself, not a sequence of transforms "
            f"(one item in parentheses is no tuple without a trailing comma). JAX iterates the "
            f"transforms and raises \"TypeError: '{name}' object is not iterable\" here. Write a "
            f"tuple: transforms=(plgpu.{name}(...),), or with the tiling: (plgpu.TilingTransform(...), "
            f"plgpu.SwizzleTransform(...)).",
            related=tuple(related), fixes=fixes)


def _pipeline_buffers(program: Program) -> Iterator[tuple[ast.AST, RefTypeVal]]:
    """The buffers ``plgpu.emit_pipeline(...)(*gmem_refs)`` allocates when run, raised on the
    run's line; a run given ``allocations=`` allocates nothing (its get_allocations'
    buffers are the ``pl.run_scoped``'s: program.scoped_buffers)."""
    for op in program.ops:
        pipeline, refs = op.args.get("pipeline"), op.args.get("refs")
        if op.name != RUN or not isinstance(pipeline, PipelineVal) or not isinstance(refs, tuple) \
                or op.args.get("allocations_given") == Const(True):
            continue
        for buffer in allocated_buffers(pipeline, refs, program.version) or ():
            yield op.node, buffer


def _fit_finding(program: Program, blamed: ast.AST, buffer: RefTypeVal, fit: SwizzleFit,
                 made: str = "declared") -> Finding:
    swizzle = fit.swizzle.value
    dtype = buffer.dtype.name  # type: ignore[attr-defined]
    what = (f"its {short_repr(fit.tiling.value)} tile" if fit.tiling is not None
            else "its last dimension")
    implied = fit.minor * fit.itemsize
    todo = (f"Swizzle {implied} bytes (SwizzleTransform({implied})), or make the minor tile "
            f"{fit.needed} elements." if implied in SWIZZLES else
            f"Make the minor {'tile' if fit.tiling is not None else 'dimension'} {fit.needed} "
            f"elements, or swizzle its width if that is 32, 64 or 128 bytes.")
    related = [Related(program.span(fit.swizzle.node), f"SwizzleTransform({swizzle}) is built here")] \
        if fit.swizzle.node is not None else []
    if fit.tiling is not None and fit.tiling.node is not None:
        related.append(Related(program.span(fit.tiling.node), "the tiling is built here"))
    if buffer.node is not None:
        related.append(Related(program.span(buffer.node), "the shared-memory buffer is declared here"
                               if made == "declared" else "the pipeline's buffer is this BlockSpec's"))
    fixes = _swizzle_fix(program, fit.swizzle, implied) if implied in SWIZZLES else ()
    node = buffer.node
    declared = f" {made} at {program.where(program.span(node), blamed)}" if node is not None else ""
    return Finding(
        RULE.code, program.span(blamed),
        f"The {dtype} shared-memory buffer{declared} is swizzled {swizzle} bytes, so its minor "
        f"dimension must be {swizzle} / {fit.itemsize} = {fit.needed} elements, but {what} makes "
        f"it {fit.minor} ({fit.minor * fit.itemsize} bytes). JAX raises \"ValueError: Swizzle "
        f"{swizzle} requires the trailing dimension to be of size {fit.needed}, but got shape: "
        f"{fit.shape}\" while this kernel is lowered. {todo}",
        related=tuple(related), fixes=fixes)


def _windows_that_cut_tiles(program: Program) -> Iterator[Finding]:
    seen: set[int] = set()
    candidates: list[tuple[ast.AST, RefVal, object, object]] = []
    for op in program.ref_ops:
        for keyword in _WINDOW_OPERANDS.get(op.name, ()):
            ref = op.args.get(keyword)
            if isinstance(ref, RefVal):
                candidates.append((op.node, ref, None, op.launch))
    for access in program.ref_accesses:
        if isinstance(access.ref, RefVal):
            candidates.append((access.node, access.ref, access.index, access.launch))
    # A site that one of its runs (a Python loop unrolled while tracing) indexes past the end
    # fails with "Out of bound slice" while tracing, before any of these lowering checks
    # (measured on JAX's test_tile_slicing, mutated to a stride): not judged.
    past_end = {id(node) for node, ref, index, _ in candidates if ref.space == "SMEM" and window_past_end(
        ref, None if index is None or (ref.views != () and _whole(index)) else index)}
    for node, ref, index, launch in candidates:
        if ref.space != "SMEM" or id(node) in seen or id(node) in past_end or allocation_refused(ref):
            continue
        whole_view = index is None or (ref.views != () and _whole(index))
        fault = window_fault(ref) if whole_view else window_fault(ref, index)
        misfit = None if fault is not None else (
            window_misfit(ref) if whole_view else window_misfit(ref, index))
        if (fault is None and misfit is None) or id(launch) in program.trace_refused_launches():
            # (A kernel whose trace JAX stops first, a store of another shape (PAL026), is
            # never lowered: none of these lowering checks is reached there; measured on 0.10.2
            # - 0.12.0.1: famheld16's slicing, a (64, 32) value stored into a (32, 32) window.
            # Asked only of a window at fault: the keystroke path makes no call more.)
            continue
        seen.add(id(node))
        yield _fault_finding(program, node, ref, fault) if fault is not None else \
            _window_finding(program, node, ref, misfit)  # type: ignore[arg-type]


def _window_finding(program: Program, node: ast.AST, ref: RefVal, misfit: TileMisfit) -> Finding:
    related = [Related(program.span(misfit.tiling.node), "the tiling is built here")] \
        if misfit.tiling.node is not None else []
    if ref.node is not None:
        related.append(Related(program.span(ref.node), "the shared-memory buffer is declared here"))
    end = misfit.start + misfit.size
    return Finding(
        RULE.code, program.span(node),
        f"This window takes elements {misfit.start}..{end} of dimension {misfit.dim} of a "
        f"shared-memory buffer tiled {short_repr(misfit.tiling.value)}: it cuts a tile of "
        f"{misfit.tile}. JAX raises \"ValueError: Expected slice start ({misfit.start}) and slice "
        f"size ({misfit.size}) to be divisible by the tile size ({misfit.tile})\". Start and size "
        f"the window at multiples of {misfit.tile}.",
        related=tuple(related))


def _whole(index: object) -> bool:
    return isinstance(index, Const) and index.value is Ellipsis


def _fault_finding(program: Program, node: ast.AST, ref: RefVal, fault: WindowFault) -> Finding:
    transform = fault.transform
    value = short_repr(transform.value) if transform is not None else ""
    dim = f"dimension {fault.dim}"
    if fault.kind == "tile_int":
        text = (f"This indexes {dim} of a shared-memory buffer tiled {value} with an integer: "
                f"JAX can only carry slices of whole tiles through a tiling, and raises "
                f"\"TypeError: Unsupported index type: <class '...Tracer'>\". Take a slice "
                f"of whole tiles (pl.ds(start, size), both multiples of the tile), or index a "
                f"leading dimension that is not tiled.")
    elif fault.kind == "tile_stride":
        text = (f"This takes a slice of stride {fault.stride} of {dim} of a shared-memory buffer "
                f"tiled {value}: a tiled dimension can only be sliced contiguously. JAX raises "
                f"\"NotImplementedError: Strided slices unsupported. Got stride: {fault.stride}\". "
                f"Slice with stride 1.")
    elif fault.kind == "swizzle_int":
        text = (f"This indexes {dim} of a shared-memory buffer swizzled {transform.value} bytes "  # type: ignore[union-attr]
                f"(not tiled) with an integer: the two minor dimensions of a swizzled buffer can "
                f"only be sliced. JAX raises \"NotImplementedError: Non-slice indices are not "
                f"supported in 2 minormost dims\". Slice them (pl.ds(i, 1)), or index a leading "
                f"dimension.")
    elif fault.kind == "swizzle_cut":
        text = (f"This takes part of the minor dimension of a shared-memory buffer swizzled "
                f"{transform.value} bytes (not tiled): a swizzled row of {fault.swizzle_elems} "  # type: ignore[union-attr]
                f"elements is permuted as a whole and cannot be sliced. JAX raises \"ValueError: "
                f"Swizzled dims cannot be sliced\". Take the whole minor dimension, or tile the "
                f"buffer (TilingTransform((8, {fault.swizzle_elems}))) and slice whole tiles.")
    else:
        text = (f"This takes a slice of stride {fault.stride} of {dim} of a shared-memory buffer: "
                f"Mosaic GPU slices shared memory contiguously only, and JAX raises "
                f"\"NotImplementedError: Strided slices not implemented\". Slice with stride 1 "
                f"and pick the rows in registers, or copy from a strided view of global memory.")
    what = "the tiling is built here" if fault.kind.startswith("tile") else "the swizzle is built here"
    return Finding(RULE.code, program.span(node), text, related=made_here(program, ref.root or ref,
                                                                             transform, what))


def _reshapes_of_tiled_buffers(program: Program) -> Iterator[Finding]:
    """A copy, load or store of ``smem.reshape(...)`` that JAX cannot move inside the buffer's
    tiling (tiled_reshapes.py): raised on that use, 0.10.2 to 0.12.0.1."""
    if not holds(TILED_REF_RESHAPES_FOLD, program.version):
        return
    seen: set[int] = set()
    uses: list[tuple[ast.AST, object]] = [
        (op.node, op.args.get(keyword)) for op in program.ref_ops
        for keyword in _WINDOW_OPERANDS.get(op.name, ())]
    uses += [(access.node, access.ref) for access in program.ref_accesses
             if access.kind in ("load", "store") and not access.scoped]
    for node, ref in uses:
        if not isinstance(ref, RefVal) or id(node) in seen:
            continue
        fault = reshape_fault(ref)
        if fault is None:
            continue
        seen.add(id(node))
        yield _reshape_finding(program, node, ref, fault)


def _reshape_finding(program: Program, node: ast.AST, ref: RefVal, fault: ReshapeFault) -> Finding:
    head = (f"This uses a reshape {short_repr(fault.before)} -> {short_repr(fault.after)} of a "
            f"shared-memory buffer tiled {short_repr(fault.tiling.value)}: Mosaic GPU reshapes a "
            f"tiled buffer only by merging runs of whole dimensions that keep its tiles whole")
    if fault.kind == "unfold":
        text = (f"{head}, and this one splits a dimension. JAX raises \"NotImplementedError: "
                f"Unfolding dimensions is not supported when commuting an `UntilingTransform` with "
                f"a `ReshapeTransform`\". Declare the buffer in the split shape (with its tiling), "
                f"or split the value in registers.")
    elif fault.kind == "fold_untiled":
        text = (f"{head}, and this one merges a leading, untiled dimension into a tiled one. JAX "
                f"raises \"NotImplementedError: Folding tiled dimensions into untiled dimensions is "
                f"not supported\". Declare the buffer in the merged shape, or index the leading "
                f"dimension (smem.at[i]) instead of merging it.")
    else:
        text = (f"{head}, and this one merges tiled dimensions whose tiles are "
                f"{short_repr(fault.tiles)}: every merged dimension but the minor one needs a tile of 1. "
                f"JAX raises \"ValueError: Cannot commute `UntilingTransform` with `ReshapeTransform` "
                f"when any of the dimensions being collapsed other than the minormost one has "
                f"non-unit tiling\". Give the merged dimensions other than the minor one a tile of 1, "
                f"or declare the buffer in the merged shape.")
    root = ref.root or ref
    return Finding(RULE.code, program.span(node), text,
                   related=made_here(program, root, fault.tiling, "the tiling is built here"))
