"""PAL012 smem_transforms: swizzle and tiling transforms of a shared-memory buffer that do not
fit each other, or a window of it that cuts a tile."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related
from ..pipelines import RUN, PipelineBufferType, PipelineVal, allocated_buffers
from ..program import Program, short_repr
from ..ref_facts import transforms_of
from ..smem_transforms import (
    SWIZZLES,
    SwizzleFit,
    TileMisfit,
    itemsize,
    swizzle_fit,
    swizzle_unsupported,
    window_misfit,
)
from ..trace import Launch
from ..values import Const, RefTypeVal, RefVal, TransformVal
from .base import LoweringError, Rule
from .common import replace_node

RULE = Rule(
    code="PAL012",
    name="smem_transforms",
    title="a shared-memory buffer's swizzle and tiling do not fit, or a window cuts a tile",
    jax_message=(
        "ValueError: Swizzle 96 is not supported. Only 32, 64 and 128 are accepted.\n"
        "ValueError: Swizzle 128 requires the trailing dimension to be of size 64, but got "
        "shape: (8, 4, 8, 32)\n"
        "ValueError: Expected slice start (4) and slice size (16) to be divisible by the tile "
        "size (8)\n"
        "NotImplementedError: Tiling without swizzle is not supported."
    ),
    lowering_errors=(
        LoweringError(r"Swizzle -?\d+ is not supported\. Only 32, 64 and 128 are accepted",
                      exc_type="ValueError"),
        # A number in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"Swizzle (\d+|\{[^}]*\}) requires the trailing dimension to be of size",
                      exc_type="ValueError"),
        LoweringError(r"Expected slice start \((-?\d+|\{[^}]*\})\) and slice (size|stop) "
                      r"\((\d+|\{[^}]*\})\) to be divisible by the tile size", exc_type="ValueError"),
        LoweringError(r"Tiling without swizzle is not supported", exc_type="NotImplementedError"),
        LoweringError(r"Unsupported transforms: \[UntileRef\(tiling=", exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "A shared-memory buffer (`plgpu.SMEM(shape, dtype, transforms=...)`) can be stored in "
        "tiles (`plgpu.TilingTransform((8, 64))`: the last dimensions are cut into 8 x 64 "
        "tiles) and swizzled (`plgpu.SwizzleTransform(128)`: each row of 128 bytes is "
        "permuted so that TMA copies and `wgmma` reads avoid bank conflicts). Mosaic GPU "
        "swizzles rows of 32, 64 or 128 bytes only, and a swizzle of S bytes needs the minor "
        "dimension, after tiling, to be exactly S bytes wide: S / itemsize elements (64 "
        "float16, 32 float32). A window of a tiled buffer (`smem.at[pl.ds(start, size)]`, an "
        "indexed load or store) must cover whole tiles: JAX cannot address part of a tile."
    ),
    when_it_happens=(
        "`SwizzleTransform(96)` (or 16, 256): raised where the transform is built. A (8, 32) "
        "float16 tile under `SwizzleTransform(128)` (64 bytes of a 128-byte row), or a swizzled "
        "buffer without tiling whose last dimension is not S / itemsize: raised while the kernel "
        "is lowered, blamed on the jitted call (on the `pl.run_scoped` call for a scoped "
        "buffer; on the line that runs a `plgpu.emit_pipeline` whose BlockSpecs' transforms "
        "do not fit their blocks, for the buffers the pipeline allocates; on the "
        "`pl.run_scoped` that allocates them where a warp-specialized pipeline's "
        "`get_allocations(...)` is handed to it). "
        "`smem.at[pl.ds(4, 16)]` of a buffer tiled (8, 64): raised on the copy, load "
        "or store that uses the window. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (0.8.3 "
        "words the last one \"slice start (4) and slice stop (20)\"). Under Lane semantics a "
        "register load (`smem[...]`) of a buffer tiled without a swizzle: \"Tiling without "
        "swizzle is not supported\" on the load (0.8.3: \"Unsupported transforms: "
        "[UntileRef(...)]\"); under Warpgroup layout inference fails instead (not predicted)."
    ),
    how_to_fix=(
        "Make the swizzle the byte width of the minor tile: `TilingTransform((8, 64))` with "
        "`SwizzleTransform(128)` for 2-byte types, `(8, 32)` with 128 for 4-byte types, `(8, "
        "32)` with 64 for 2-byte types (the quick fix writes the swizzle the tile implies). "
        "Start and size windows of a tiled dimension at multiples of its tile: `pl.ds(8 * i, "
        "16)` for tiles of 8 rows."
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
    yield from _swizzles_that_do_not_fit(program)
    yield from _windows_that_cut_tiles(program)
    yield from _tiled_loads_without_swizzle(program)


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
    pending = list(launch.kernel.scratch_types) if isinstance(launch.kernel.scratch_types, tuple) else []
    while pending:
        item = pending.pop(0)
        if isinstance(item, RefTypeVal):
            yield item
        elif isinstance(item, tuple):
            pending = [*item, *pending]


def _swizzles_that_do_not_fit(program: Program) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    sites: list[tuple[ast.AST, RefTypeVal]] = []
    for launch in program.launches:
        blamed = launch.ctx.jit_call or launch.site  # raised while the kernel is lowered
        sites += [(blamed, buffer) for buffer in _scratch_buffers(launch)]
    sites += [(scoped.node, scoped.buffer) for scoped in program.scoped_buffers
              if isinstance(scoped.buffer, RefTypeVal)]
    pipeline_sites = list(_pipeline_buffers(program))
    for blamed, buffer in [*sites, *pipeline_sites]:
        fit = swizzle_fit(buffer)
        if fit is None or buffer.space != "SMEM" or (id(blamed), id(buffer.node)) in seen:
            continue
        seen.add((id(blamed), id(buffer.node)))
        yield _fit_finding(program, blamed, buffer, fit,
                           "the pipeline allocates for the BlockSpec"
                           if isinstance(buffer, PipelineBufferType) else "declared")


def _pipeline_buffers(program: Program) -> Iterator[tuple[ast.AST, RefTypeVal]]:
    """The buffers ``plgpu.emit_pipeline(...)(*gmem_refs)`` allocates when run, raised on the
    run's line; a run given ``allocations=`` allocates nothing (its get_allocations'
    buffers are the ``pl.run_scoped``'s: program.scoped_buffers)."""
    for op in program.ops:
        pipeline, refs = op.args.get("pipeline"), op.args.get("refs")
        if op.name != RUN or not isinstance(pipeline, PipelineVal) or not isinstance(refs, tuple) \
                or op.args.get("allocations_given") == Const(True):
            continue
        for buffer in allocated_buffers(pipeline, refs) or ():
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
    candidates: list[tuple[ast.AST, RefVal, object]] = []
    for op in program.ref_ops:
        for keyword in _WINDOW_OPERANDS.get(op.name, ()):
            ref = op.args.get(keyword)
            if isinstance(ref, RefVal):
                candidates.append((op.node, ref, None))
    for access in program.ref_accesses:
        if isinstance(access.ref, RefVal):
            candidates.append((access.node, access.ref, access.index))
    for node, ref, index in candidates:
        if ref.space != "SMEM" or id(node) in seen:
            continue
        if index is None or (ref.views != () and _whole(index)):
            misfit = window_misfit(ref)  # the view itself, copied or loaded whole
        else:
            misfit = window_misfit(ref, index)
        if misfit is None:
            continue
        seen.add(id(node))
        yield _window_finding(program, node, ref, misfit)


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
