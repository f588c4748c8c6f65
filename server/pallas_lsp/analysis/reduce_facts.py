"""What JAX checks on a multimem_load_reduce, in the order it checks it.

Measured on JAX 0.10.2 and 0.12.0.1 (jax-facts.md, "reduction_op and vector
width"): under Lane semantics the lowering rule checks the mesh, the axes, the
layout hint, the layout kind, then the load width, then the reduction op; under
Warpgroup semantics an unknown op name is refused first, then the verifier
refuses a bad op/dtype pair, and the load width is only checked when the
kernel's IR is lowered after tracing (still blamed on the op's line: JAX lowers
the op there, and its MLIR location names that line).
"""

from __future__ import annotations

from dataclasses import dataclass

from .casts import CastOutcome, cast_after
from .dtypes import BITWISE_REDUCTIONS, DTYPE_BITS, FLOATS, LOAD_BITS, NARROW_INTS, REDUCTIONS
from .layouts import strided_misfit
from .ops import LAYOUT_CAST, string_is_one_name
from .program import Program, axes_set
from .refs import result_type
from .trace import Op
from .values import Const, LayoutVal, MeshVal
from .versions import LANE_INTEGER_VECTORS, holds


@dataclass(frozen=True)
class ReduceFacts:
    op: Op
    semantics: str | None
    reaches_layout: bool  # the mesh and the axes are right, so JAX gets to the layout checks
    cast: CastOutcome
    layout: LayoutVal | None
    dtype: str | None
    reduction: str | None  # the reduction_op string, None when not known
    # Before 0.10, Lane reduces integers one element per thread only: a wider layout
    # raises "Only single-element integer operations are supported" (no rule class) first.
    integer_unsupported: bool = False


def reduce_facts(program: Program, op: Op) -> ReduceFacts:
    """The facts of one multimem reduction, made once per op and program (two rules read them)."""
    kept = program.reduce_memo.get(id(op))
    if kept is not None and kept[0] is op:
        return kept[1]  # type: ignore[return-value]
    facts = _reduce_facts(program, op)
    program.reduce_memo[id(op)] = (op, facts)
    return facts


def _reduce_facts(program: Program, op: Op) -> ReduceFacts:
    mesh = op.launch.ctx.manual
    axes = axes_set(op.args.get("collective_axes"), string_is_one_name=string_is_one_name(op.name))
    reaches = isinstance(mesh, MeshVal) and axes == frozenset(mesh.axes)
    cast = cast_after(program, op.node)
    layout = None
    if cast.cast is not None and cast.kind in ("direct", "next"):
        layouts = [o.args.get("new_layout") for o in program.ops_at(cast.cast, LAYOUT_CAST)
                   if o.launch is op.launch]
        layout = layouts[0] if layouts and isinstance(layouts[0], LayoutVal) else None
    found = result_type(program, op, cast.cast)
    reduction = op.args.get("reduction_op")
    semantics = program.semantics(op.launch.kernel).name
    dtype = found[1] if found else None
    single = layout is not None and layout.name == "WG_STRIDED" and layout.vec_size == 1
    integer_unsupported = (semantics == "Lane" and dtype is not None and dtype not in FLOATS
                           and not single and not holds(LANE_INTEGER_VECTORS, program.version))
    return ReduceFacts(
        op=op,
        semantics=semantics,
        reaches_layout=reaches,
        cast=cast,
        layout=layout,
        dtype=dtype,
        reduction=reduction.value if isinstance(reduction, Const) and isinstance(reduction.value, str)
        else None,
        integer_unsupported=integer_unsupported,
    )


def lane_layout_ok(facts: ReduceFacts) -> bool:
    """Under Lane, JAX reaches the width and op checks only with a usable layout_cast."""
    return facts.cast.kind in ("direct", "next") and facts.layout is not None and \
        facts.layout.name != "WG_SPLAT"


def width_fault(facts: ReduceFacts) -> str | None:
    if not facts.reaches_layout or facts.dtype is None or facts.semantics is None \
            or facts.integer_unsupported:
        return None
    if facts.semantics == "Lane" and not lane_layout_ok(facts):
        return None
    # Warpgroup checks the width last, after tracing, but JAX blames the same op line:
    # an op name or op/dtype pair it refuses first (or may refuse: not known) hides it.
    if facts.semantics == "Warpgroup" and (facts.reduction is None or reduction_fault(facts)):
        return None
    if facts.semantics == "Lane" and facts.dtype in NARROW_INTS:
        return (f"under Lane semantics multimem_load_reduce loads {facts.dtype} one element at a "
                f"time, and only 32-, 64- and 128-bit loads exist")
    layout = facts.layout
    if layout is None or layout.name != "WG_STRIDED" or not isinstance(layout.vec_size, int):
        return None
    if strided_misfit(layout) is not None:
        return None  # the layout itself is refused first (PAL004)
    bits = DTYPE_BITS.get(facts.dtype)
    if bits is None or layout.vec_size * bits in LOAD_BITS:
        return None
    return (f"WG_STRIDED(vec_size={layout.vec_size}) of {facts.dtype} loads "
            f"{layout.vec_size} × {bits} = {layout.vec_size * bits} bits at a time, and only 32-, "
            f"64- and 128-bit loads exist")


def reduction_fault(facts: ReduceFacts) -> str | None:
    if not facts.reaches_layout or facts.reduction is None or facts.semantics is None \
            or facts.integer_unsupported:
        return None
    if facts.semantics == "Lane" and (not lane_layout_ok(facts) or width_fault(facts)):
        return None  # Lane raises the layout or width error first, on the same line
    op = facts.reduction
    if op not in REDUCTIONS:
        return (f"reduction_op={op!r} is not a reduction JAX knows (add, min, max, and, or, xor; "
                f"case matters)")
    dtype = facts.dtype
    if dtype is None:
        return None
    if dtype in FLOATS and op in BITWISE_REDUCTIONS:
        return f"reduction_op={op!r} is a bitwise reduction, and {dtype} is a float type: use add, min or max"
    if dtype == "float32" and op in ("min", "max"):
        return f"reduction_op={op!r} is not supported for float32: only add is"
    if dtype in NARROW_INTS and facts.semantics == "Warpgroup":
        return f"{dtype} has no multimem reduction: only 32- and 64-bit integer operations exist"
    return None
