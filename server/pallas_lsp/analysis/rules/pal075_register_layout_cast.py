"""PAL075 register_layout_cast: under Lane semantics, ``plgpu.layout_cast`` of an array to a tiled
register layout (``plgpu.Layout.WGMMA`` / ``TCGEN05`` and their transposes) that the array cannot
take: a shape the layout's first tile does not divide, or a WG-strided array that Lane cannot
relayout.

Lane lowers ``layout_cast`` with ``FragmentedArray.to_layout`` (jax/experimental/mosaic/gpu/
fragmented_array.py, 0.8.3 - 0.12.0.1): a splat (a constant broadcast) takes any layout whose
tiling applies to its shape, a few tiled layouts convert into each other, and anything else is
"NotImplementedError: Cannot convert from WGStridedFragLayout(...) to TiledLayout(...)". The
operation traced right before a cast gets the cast's layout as a hint (lowering.py's
``out_layout_hint``): a whole-ref load then loads in the layout, whose tiling must apply to the
shape ("ValueError: Tiling ((64, 8), ...) does not apply to shape (256,)"). Judged: arrays of
known shape (rank >= 1; a scalar is PAL031's) that no tiling of the layout fits, whatever made
them, and WG-strided arrays (whole-ref loads of untransformed refs and elementwise operations of
them, layouts.py) cast right where an operator or a unary op makes them (no load takes the
hint there). Warpgroup semantics infer layouts instead: not judged.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from .. import register_values
from ..layouts import RegisterLayout, layout_name, strided_misfit
from ..load_sizes import whole
from ..model import Finding, Options, Related
from ..ops import LAYOUT_CAST
from ..program import Program, short_repr
from ..ref_stores import store_fault
from ..smem_transforms import swizzled_tiled_off_tile
from ..stdlib_calls import OPERATOR_FUNCTIONS
from ..trace import Op, RefAccess
from ..values import ArrayVal, Const, LayoutVal, RefVal
from ..versions import (
    STRIDED_CAST_INFERRED,
    TRANSPOSED_LAYOUT_TRANSFER_PLANNED,
    TRANSPOSED_STORE_CHECKED,
    holds,
)
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named

RULE = Rule(
    code="PAL075",
    name="register_layout_cast",
    title="plgpu.layout_cast to a register layout the array cannot take",
    jax_message=(
        "ValueError: Tiling ((64, 8), (16, 8), (8, 8), (2,)) does not apply to shape (256,)\n"
        "NotImplementedError: Cannot convert from WGStridedFragLayout(shape=(128, 128), "
        "vec_size=4) to TiledLayout(tiling=Tiling(tiles=((64, 8), (16, 8), (8, 8), (2,))), ...)"
    ),
    lowering_errors=(
        # A shape of at least one dimension (PAL031's is the empty one).
        # Anchored on the register layouts' tilings (an SMEM TilingTransform has one tile).
        LoweringError(r"^Tiling \(\((64|128), 8\), \((16|32), 8\), \(8, 8\), \(2(,|, 2\), \(2, 1)\)\) "
                      r"does not apply to shape \(\d[^)]*\)$", "ValueError",
                      sites=r":Tiling\.tile_shape\.fail$"),
        # ``{self.layout}`` / ``{new_layout}`` in JAX's template (the raise-site table).
        LoweringError(r"^Cannot convert from (WGStridedFragLayout\(.*\)|\{self\.layout\}) to "
                      r"(TiledLayout\(|WGStridedFragLayout\(|\{new_layout\})", "NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.to_layout$"),
        # A WG_STRIDED layout of another shape: Lane's FragmentedArray (the maker's line) and
        # Warpgroup's layout inference (the cast's); JAX writes "notcompatible".
        LoweringError(r"^Shape (\(.*\)|\{shape\}) is not compatible with (WGStridedFragLayout\(|\{layout\})",
                      "ValueError"),
        # A transposed layout meeting a ref that is not transposed (Lane's get / swap rules).
        LoweringError(r"^Either both the ref and the value are transposed or neither is\.", "ValueError"),
        LoweringError(r"^Tiled strides must be a multiple of the vector length, except for the "
                      r"(load vectorized dimension|vector dimension)", None),
        LoweringError(r"^Unsupported shape (\(.*\)|\{shape\}), \(expected ", "ValueError",
                      sites=r"pallas/mosaic_gpu/lowering\.py:_get_lowering_rule$"),
        LoweringError(r"^Cannot cast to layout (WGStridedFragLayout\(.*|TiledLayout\(.*|"
                      r"\{out_layout\.value\}): the layout is not\s?compatible with the operand shape",
                      "ValueError"),
    ),
    what_it_means=(
        "A tiled register layout lays an array out in tiles of its last two dimensions: "
        "`plgpu.Layout.WGMMA` in (64, 8) tiles, `plgpu.Layout.TCGEN05` in (128, 8) tiles (their "
        "transposed forms too), so the array must be at least 2-D with those dimensions "
        "multiples of the tile. And under Lane semantics a layout cast moves no data between "
        "threads but for a few tiled-to-tiled pairs: a value loaded WG-strided (a whole-ref "
        "load of a ref without transforms, and any elementwise operation of such loads) cannot "
        "be cast to a tiled layout; only the load right before a cast takes its layout."
    ),
    when_it_happens=(
        "When the kernel is lowered under Lane semantics, on the `plgpu.layout_cast` line, every "
        "release 0.8.3 to 0.12.0.1 (measured on 0.8.3, 0.10.2 and 0.12.0.1): "
        "`plgpu.layout_cast(x_ref[...], plgpu.Layout.WGMMA)` of a (256,) ref (\"Tiling ((64, "
        "8), (16, 8), (8, 8), (2,)) does not apply to shape (256,)\"), "
        "`plgpu.layout_cast(x_ref[...] + y_ref[...], plgpu.Layout.WGMMA)` of (128, 128) refs "
        "(\"Cannot convert from WGStridedFragLayout(...) to TiledLayout(...)\"). Under both "
        "semantics, a cast to `plgpu.Layout.WG_STRIDED(shape, vec_size)` of an array of another "
        "shape: Warpgroup (the default from 0.11) on the cast's line (\"Cannot cast to layout "
        "WGStridedFragLayout(...): the layout is notcompatible with the operand shape ...\"), "
        "Lane on the line of the operation that makes the array inside the cast, which gets the "
        "layout as a hint (\"Shape (64, 32) is not compatible with WGStridedFragLayout(...)\"), "
        "measured on 0.10.2, 0.11.2 and 0.12.0.1. Under Lane, a transposed tiled layout "
        "(`WGMMA_TRANSPOSED`, `TCGEN05_TRANSPOSED`) loaded from (the load cast right where it "
        "is made) or stored to a shared-memory ref that is not transposed, on the load or "
        "store: \"Either both the ref and the value are transposed or neither is.\" through "
        "0.10.2 (a store on 0.8.3: \"Tiled strides must be a multiple of the vector length, "
        "except for the vector dimension\"), from 0.11.2 \"UnsupportedTransferError: Tiled "
        "strides must be a multiple of the vector length, except for the load vectorized "
        "dimension\"."
    ),
    how_to_fix=(
        "Cast arrays whose last two dimensions are multiples of the layout's tile ((64, 8) for "
        "WGMMA, (128, 8) for TCGEN05), or keep the WG-strided layout (drop the cast). To get a "
        "loaded array in a tiled layout, cast the load itself "
        "(`plgpu.layout_cast(x_ref[...], plgpu.Layout.WGMMA)`, from shared memory) before "
        "computing with it, or use Warpgroup semantics, which infer layouts."
    ),
    bad_example='''
o_ref[...] = plgpu.layout_cast(x_ref[...] + y_ref[...], plgpu.Layout.WGMMA)
''',
    good_example='''
x = plgpu.layout_cast(x_smem[...], plgpu.Layout.WGMMA)
y = plgpu.layout_cast(y_smem[...], plgpu.Layout.WGMMA)
o_smem[...] = x + y
''',
    fixable=False,
)

# The first tile of each tiled layout (fragmented_array.py: the same on 0.8.3, 0.10.2 and
# 0.12.0.1); every later tile divides it, so the first decides whether the tiling applies.
_FIRST_TILE = {"WGMMA": (64, 8), "WGMMA_TRANSPOSED": (64, 8),
               "TCGEN05": (128, 8), "TCGEN05_TRANSPOSED": (128, 8)}
# The full tilings as JAX prints them.
_TILINGS = {"WGMMA": "((64, 8), (16, 8), (8, 8), (2,))",
            "WGMMA_TRANSPOSED": "((64, 8), (16, 8), (8, 8), (2, 2), (2, 1))",
            "TCGEN05": "((128, 8), (32, 8), (8, 8), (2,))",
            "TCGEN05_TRANSPOSED": "((128, 8), (32, 8), (8, 8), (2, 2), (2, 1))"}
# Operations whose result Lane makes without the cast's hint: Python's operators, also as the
# operator module's functions (`op(x_ref[...], y_ref[...])` with `op=operator.add`).
_NO_HINT = (ast.BinOp, ast.UnaryOp)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named(LAYOUT_CAST).items():
        judged = [(op, fault) for op in ops if (fault := _fault(program, op)) is not None]
        if not judged:
            continue
        kind, layout, shape = judged[0][1]
        related = [r for o, _ in judged for r in kernel_related(program, o.launch)]
        tile = _FIRST_TILE[layout]
        if kind == "inferred":
            message = (
                f"plgpu.layout_cast of a {short_repr(shape)} array to plgpu.Layout.{layout}: that "
                f"layout cuts the last two dimensions into {tile} tiles, which do not fit a "
                f"{short_repr(shape)} array; under Warpgroup semantics layout inference fails "
                f"with \"Cannot cast to layout TiledLayout(...): the layout is notcompatible with "
                f"the operand shape {short_repr(shape)}\". Cast an array whose last two "
                f"dimensions are multiples of {tile}, or drop the cast.")
        elif kind == "tiling":
            message = (
                f"plgpu.layout_cast of a {short_repr(shape)} array to plgpu.Layout.{layout}: that "
                f"layout cuts the last two dimensions into {tile} tiles, which do not fit a "
                f"{short_repr(shape)} array (JAX fails with \"Tiling "
                f"{_TILINGS[layout]} does not apply to shape {short_repr(shape)}\" under Lane "
                f"semantics). Cast an array whose last two dimensions are multiples of {tile}, or "
                f"drop the cast.")
        else:
            message = (
                f"plgpu.layout_cast of a WG-strided {short_repr(shape)} array (computed from "
                f"whole-ref loads) to plgpu.Layout.{layout}: under Lane semantics a strided array "
                f"cannot be relaid out to a tiled layout (JAX fails with \"Cannot convert from "
                f"WGStridedFragLayout(...) to TiledLayout(...)\"). Cast each load right where it "
                f"is made (plgpu.layout_cast(x_ref[...], plgpu.Layout.{layout}), from shared "
                f"memory) and compute with the cast arrays, drop the cast, or use Warpgroup "
                f"semantics.")
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related))
    yield from _strided_shapes(program)
    yield from _transposed_without_transposed_ref(program)
    yield from _tiled_loads(program)
    yield from _swizzled_loads_off_tile(program)


def _load_layout(op: Op) -> str | None:
    """The tiled layout (a _FIRST_TILE name) or WG_STRIDED a ``plgpu.load`` asks for."""
    name = layout_name(op.args.get("layout"))
    return name if name in _FIRST_TILE or name == "WG_STRIDED" else None


def _tiled_loads(program: Program) -> Iterator[Finding]:
    """``plgpu.load(ref, layout=plgpu.Layout.WGMMA)`` under Lane of a ref (or window) whose
    shape the layout's first tile does not divide: Lane loads in that layout and its tiling
    does not apply ("Tiling ((64, 8), ...) does not apply to shape (96, 64)"), on the load,
    measured on 0.10.2, 0.11.2 and 0.12.0.1 (famheld8)."""
    for node, ops in ref_ops_named(program, "plgpu.load").items():
        for op in ops:
            layout = _load_layout(op)
            ref = op.args.get("src")
            if layout is None or not isinstance(ref, RefVal) or op.names_open or op.scope_names \
                    or program.semantics(op.launch.kernel).name != "Lane" \
                    or id(op.launch) in program.trace_refused_launches():
                continue
            loaded = register_values.plgpu_load(ref, op.args.get("idx"))
            shape = loaded.shape.value if isinstance(loaded.shape, Const) else None
            if not isinstance(shape, tuple) or not shape or not all(type(d) is int for d in shape):
                continue
            if layout == "WG_STRIDED":
                strided = op.args.get("layout")
                wanted = strided.shape.value if isinstance(strided, LayoutVal) \
                    and isinstance(strided.shape, Const) else None
                if not isinstance(wanted, tuple) or wanted == shape \
                        or not all(type(d) is int for d in wanted) or strided_misfit(strided) is not None:
                    continue  # (a layout of no multiple of vec_size x 128 elements: refused first, PAL004)
                yield Finding(
                    RULE.code, program.span(node),
                    f"plgpu.load of a {short_repr(shape)} array in plgpu.Layout.WG_STRIDED"
                    f"({short_repr(wanted)}, ...): a strided layout is made for one shape, and "
                    f"Lane's load refuses another (JAX fails with \"Unsupported shape "
                    f"{short_repr(wanted)}, (expected {short_repr(shape)})\"). Give the layout the "
                    f"loaded shape, {short_repr(shape)}.",
                    related=dedupe([r for o in ops for r in kernel_related(program, o.launch)]))
                break
            tile = _FIRST_TILE[layout]
            if len(shape) >= len(tile) and not any(
                    d % t for d, t in zip(shape[-len(tile):], tile, strict=True)):
                continue
            yield Finding(
                RULE.code, program.span(node),
                f"plgpu.load of a {short_repr(shape)} array in plgpu.Layout.{layout}: that layout "
                f"cuts the last two dimensions into {tile} tiles, which do not fit a "
                f"{short_repr(shape)} array (JAX fails with \"Tiling {_TILINGS[layout]} does not "
                f"apply to shape {short_repr(shape)}\" under Lane semantics). Load a window whose "
                f"last two dimensions are multiples of {tile}, or another layout.",
                related=dedupe([r for o in ops for r in kernel_related(program, o.launch)]))
            break


_TRANSPOSED = frozenset({"WGMMA_TRANSPOSED", "TCGEN05_TRANSPOSED"})


def _plain_smem(ref: object) -> bool:
    """A shared-memory ref (or view) surely not transposed: no transpose_ref, no
    TransposeTransform among its allocation's transforms."""
    if not isinstance(ref, RefVal) or ref.space != "SMEM" or ref.transposed:
        return False
    root = ref.root or ref
    return isinstance(root.transforms, tuple) and not root.transposed \
        and all(getattr(t, "kind", None) in ("tiling", "swizzle") for t in root.transforms)


def _swizzled_loads_off_tile(program: Program) -> Iterator[Finding]:
    """Under Lane semantics, a whole register load of a tiled and swizzled shared-memory buffer
    whose last two dimensions the WGMMA layout's (64, 8) tile does not divide: Lane loads a
    swizzled buffer in that layout, and its tiling does not apply ("Tiling ((64, 8), (16, 8),
    (8, 8), (2,)) does not apply to shape (96, 64)"), on the load, measured for f16, f32 and
    int8 on 0.10.2, 0.11.2 and 0.12.0.1 (smem_transforms.swizzled_tiled_off_tile). A load cast
    right where it is made takes the cast's layout instead: not judged."""
    cast_operands: set[int] | None = None
    for access in program.ref_accesses:
        if access.kind != "load" or access.scoped or not access.sure:
            continue
        shape = swizzled_tiled_off_tile(access.ref)
        if shape is None or not whole(access.ref, access.index) \
                or program.semantics(access.launch.kernel).name != "Lane":
            continue
        if cast_operands is None:
            cast_operands = {id(op.arg_nodes.get("x")) for op in program.ops_of(LAYOUT_CAST)}
        if id(access.node) in cast_operands:
            continue
        yield Finding(
            RULE.code, program.span(access.node),
            f"This loads a tiled and swizzled {short_repr(shape)} shared-memory buffer into "
            f"registers: under Lane semantics a swizzled buffer is loaded in the WGMMA layout, "
            f"whose (64, 8) tiles do not fit {short_repr(shape)}, and JAX fails with \"Tiling "
            f"{_TILINGS['WGMMA']} does not apply to shape {short_repr(shape)}\". Make the buffer's "
            f"rows a multiple of 64 (pad it), or copy it with TMA without loading it into "
            f"registers.",
            related=dedupe(list(kernel_related(program, access.launch))))
        return  # tracing stops at the first


def _transposed_without_transposed_ref(program: Program) -> Iterator[Finding]:
    """Under Lane, a load or store of a shared-memory ref in a transposed tiled layout
    (WGMMA_TRANSPOSED / TCGEN05_TRANSPOSED) needs the ref transposed too (plgpu.transpose_ref):
    Lane's get and swap rules raise "Either both the ref and the value are transposed or neither
    is." on the load (cast right where it is made: it takes the cast's layout) or the store
    (its value in that layout, layouts.CAST_LAYOUTS), measured on 0.10.2 (famheld5)."""
    seen: set[int] = set()
    sites: list[tuple[ast.AST, str, Op | RefAccess, str]] = []
    casts = [op for op in program.ops_of(LAYOUT_CAST) if isinstance(op.args.get("new_layout"), LayoutVal)
             and op.args["new_layout"].name in _TRANSPOSED]
    loads = {id(access.node): access for access in program.ref_accesses
             if access.kind == "load"} if casts else {}
    for op in casts:
        layout, made_by = op.args.get("new_layout"), op.arg_nodes.get("x")
        if isinstance(layout, LayoutVal) \
                and isinstance(made_by, ast.Subscript) and not op.names_open and not op.scope_names:
            loaded = loads.get(id(made_by))
            if loaded is not None and _plain_smem(loaded.ref) \
                    and program.semantics(op.launch.kernel).name == "Lane":
                sites.append((made_by, f"loads {program.text(made_by)} in plgpu.Layout.{layout.name} "
                              f"(the layout_cast around it)", op, "load"))
    for access in program.ref_accesses:
        value = access.value
        if access.kind == "store" and isinstance(value, ArrayVal) and not isinstance(value, RefVal) \
                and value.layout is RegisterLayout.TILED_TRANSPOSED and _plain_smem(access.ref) \
                and not access.scoped and program.semantics(access.launch.kernel).name == "Lane" \
                and store_fault(access.ref, access.index, value) is None:
            # (A store whose shape or dtype swap refuses fails there first, while it is traced:
            # PAL026's.)
            sites.append((access.node, f"stores a value in a transposed tiled layout into "
                          f"{program.text(access.node.value)}", access, "store"))
    for node, what, fact, kind in sites:
        if id(node) in seen:
            continue
        seen.add(id(node))
        if holds(TRANSPOSED_LAYOUT_TRANSFER_PLANNED, program.version):
            words = ("UnsupportedTransferError: Tiled strides must be a multiple of the vector "
                     "length, except for the load vectorized dimension")
        elif kind == "store" and not holds(TRANSPOSED_STORE_CHECKED, program.version):
            words = ("ValueError: Tiled strides must be a multiple of the vector length, except "
                     "for the vector dimension")
        else:
            words = "ValueError: Either both the ref and the value are transposed or neither is."
        yield Finding(
            RULE.code, program.span(node),
            f"This {what}, a shared-memory ref that is not transposed: under Lane semantics a "
            f"transposed layout is loaded from or stored to a transposed view only. JAX raises "
            f"\"{words}\". Use plgpu.Layout.WGMMA (TCGEN05), or transpose the ref "
            f"(plgpu.transpose_ref(ref, (1, 0))).",
            related=dedupe(list(kernel_related(program, fact.launch))))


def _strided_shapes(program: Program) -> Iterator[Finding]:
    """``plgpu.layout_cast(x, plgpu.Layout.WG_STRIDED(shape, vec_size))`` of an array of another
    shape. Warpgroup's layout inference refuses the cast ("Cannot cast to layout
    WGStridedFragLayout(...): the layout is notcompatible with the operand shape ..."), on the
    cast's line; Lane hands the layout to the operation that makes the array (the lowering
    loop's hint), which fails making it ("Shape (64, 32) is not compatible with
    WGStridedFragLayout(...)"), on that operation's line: judged where it is written inside the
    cast (a name's maker is not followed). Measured on 0.10.2 (Lane), 0.11.2 and 0.12.0.1
    (Warpgroup), famheld5."""
    seen: set[int] = set()
    for op in program.ops_of(LAYOUT_CAST):
        if op.names_open or op.scope_names:
            continue
        layout, value = op.args.get("new_layout"), op.args.get("x")
        if not isinstance(layout, LayoutVal) or layout.name != "WG_STRIDED" \
                or not isinstance(layout.shape, Const) or not isinstance(value, ArrayVal) \
                or not isinstance(value.shape, Const):
            continue
        wanted, shape = layout.shape.value, value.shape.value
        if not isinstance(wanted, tuple) or not isinstance(shape, tuple) or wanted == shape \
                or not all(type(d) is int for d in (*wanted, *shape)):
            continue
        lane = program.semantics(op.launch.kernel).name == "Lane"
        made_by = op.arg_nodes.get("x")
        blamed: ast.AST | None = op.node
        if lane:
            blamed = made_by if isinstance(made_by, (ast.Call, ast.Subscript)) else None
        if blamed is None or id(blamed) in seen:
            continue
        seen.add(id(blamed))
        if lane and isinstance(made_by, ast.Subscript):  # a load in the layout: its own check
            text = "Unsupported shape {1}, (expected {0})"
        elif lane:
            text = "Shape {0} is not compatible with WGStridedFragLayout(shape={1}, ...)"
        elif holds(STRIDED_CAST_INFERRED, program.version):
            text = ("Cannot cast to layout WGStridedFragLayout(shape={1}, ...): the layout is "
                    "notcompatible with the operand shape {0}")
        else:
            text = ("Cannot convert from WGStridedFragLayout(shape={0}, ...) to "
                    "WGStridedFragLayout(shape={1}, ...)")
        text = text.format(short_repr(shape), short_repr(wanted))
        related = list(kernel_related(program, op.launch))
        if blamed is not op.node:
            related.insert(0, Related(program.span(op.node), "the layout_cast whose layout it is made in"))
        yield Finding(
            RULE.code, program.span(blamed),
            f"plgpu.layout_cast of a {short_repr(shape)} array to plgpu.Layout.WG_STRIDED"
            f"({short_repr(wanted)}, ...): a WG-strided layout is made for one shape, and this "
            f"array has another. JAX fails with \"{text}\". Give the layout the array's shape "
            f"(plgpu.Layout.WG_STRIDED({short_repr(shape)}, ...)).",
            related=dedupe(related))


def _fault(program: Program, op: Op) -> tuple[str, str, tuple[int, ...]] | None:
    """("tiling" | "strided" | "inferred", layout name, shape) where the cast surely fails:
    under Lane, or under Warpgroup ("inferred": a tiling that does not fit the shape)."""
    layout, value = op.args.get("new_layout"), op.args.get("x")
    if not isinstance(layout, LayoutVal) or layout.name not in _FIRST_TILE \
            or not isinstance(value, ArrayVal) or not isinstance(value.shape, Const):
        return None
    shape = value.shape.value
    if not isinstance(shape, tuple) or not shape or not all(type(d) is int for d in shape):
        return None  # a scalar's cast is PAL031's
    semantics = program.semantics(op.launch.kernel).name
    if op.names_open or op.scope_names:
        return None
    if semantics == "Warpgroup":
        # Warpgroup's layout inference checks the cast's tiled layout against the operand's
        # shape, on the cast's line, whatever made it (measured on 0.10.2, 0.11.2, 0.12.0.1:
        # pal075/cast_tiled_misfit_warpgroup*.py); a launch whose inference fails on a load
        # first is PAL027's / PAL012's.
        if tuple(program.version[:2]) < (0, 10) or id(op.launch) in program.inference_refused_launches():
            return None
    elif semantics != "Lane":
        return None
    tile = _FIRST_TILE[layout.name]
    if len(shape) < len(tile) or any(d % t for d, t in zip(shape[-len(tile):], tile, strict=True)):
        return ("tiling" if semantics == "Lane" else "inferred"), layout.name, shape
    if semantics != "Lane":
        return None
    made_by = op.arg_nodes.get("x")
    if value.layout is RegisterLayout.STRIDED and (isinstance(made_by, _NO_HINT) or (
            isinstance(made_by, ast.Call)
            and program.callee_names.get(id(made_by), "") in OPERATOR_FUNCTIONS)):
        return "strided", layout.name, shape
    return None
