"""PAL036 fori_loop_unroll: in a Mosaic GPU kernel, a fori_loop's unroll factor must divide
its trip count (Mosaic GPU emits no epilogue for the remaining steps)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program
from ..trace import Op
from ..values import Const
from .base import LoweringError, Rule
from .common import ref_ops_named

RULE = Rule(
    code="PAL036",
    name="fori_loop_unroll",
    title="a fori_loop's unroll factor must divide its trip count in a Mosaic GPU kernel",
    jax_message="NotImplementedError: ``unroll`` must divide ``length``, got unroll=4 and length=10",
    lowering_errors=(
        LoweringError(r"^``unroll`` must divide ``length``, got unroll=", "NotImplementedError"),
        LoweringError(r"^`unroll` must be a `bool` or a non-negative `int`\.", "ValueError"),
        # unroll=0: the length divided by it (also PAL079's and PAL010's words; the finding on
        # the fori_loop's line says which).
        LoweringError(r"^integer modulo by zero$", "ZeroDivisionError"),
    ),
    what_it_means=(
        "Mosaic GPU lowers `lax.fori_loop(lower, upper, body, init, unroll=k)` of static "
        "bounds as a loop of `(upper - lower) // k` steps, each running the body `k` times. It "
        "emits no epilogue for the steps left over, so `k` must divide the trip count "
        "`upper - lower` (a `k` larger than the trip count does not divide it either)."
    ),
    when_it_happens=(
        "A `lax.fori_loop` in a kernel body with integer bounds and an integer `unroll` that "
        "does not divide `upper - lower`, in every release 0.8.3 - 0.12.0.1, under Lane and "
        "Warpgroup semantics: raised while the kernel is lowered, on the fori_loop line. "
        "`unroll=True` (the whole loop) always divides."
    ),
    how_to_fix=(
        "Unroll by a divisor of the trip count, or peel the remainder: run "
        "`(upper - lower) // k * k` steps unrolled and the rest in a second fori_loop."
    ),
    bad_example='''
acc = lax.fori_loop(0, 10, body, acc, unroll=4)
''',
    good_example='''
acc = lax.fori_loop(0, 10, body, acc, unroll=5)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in ref_ops_named(program, "lax.fori_loop").items():
        said = next((said for op in ops if (said := _fault(op)) is not None), None)
        if said is not None:
            yield Finding(RULE.code, program.span(node), said)


def _int(value: object) -> int | None:
    return value.value if isinstance(value, Const) and type(value.value) is int else None  # type: ignore[return-value]


# How far from the factor asked for the hint looks for a divisor: a loop bound may be huge,
# and a keystroke must not try every number below it.
_DIVISOR_SEARCH = 4096


def _nearest_divisor(length: int, wanted: int) -> int | None:
    """The divisor of ``length`` (at least 2) nearest ``wanted``, the smaller one on a tie;
    None when none lies within _DIVISOR_SEARCH of it."""
    for distance in range(_DIVISOR_SEARCH):
        for divisor in (wanted - distance, wanted + distance):
            if 2 <= divisor <= length and length % divisor == 0:
                return divisor
    return None


def _fault(op: Op) -> str | None:
    """JAX's refusal (_lower_jaxpr_to_for_loop) for bounds and unroll known as Python ints:
    such bounds make fori_loop a scan of length upper - lower."""
    lower, upper, unroll = _int(op.args.get("lower")), _int(op.args.get("upper")), _int(op.args.get("unroll"))
    if lower is None or upper is None or unroll is None:
        return None  # unknown, or a bool (True: fully unrolled)
    if unroll <= 0 and upper - lower > 0:
        # lax's scan refuses a negative factor; a zero one divides the length by it
        # (measured on 0.10.2 - 0.12.0.1 in a kernel body, on the fori_loop's line).
        words = ("ValueError: `unroll` must be a `bool` or a non-negative `int`." if unroll < 0
                 else "ZeroDivisionError: integer modulo by zero")
        return (f"fori_loop: unroll={unroll} is no unroll factor: JAX raises \"{words}\" while it "
                f"traces the loop. Give a positive factor (1: no unrolling), or True to unroll "
                f"the whole loop.")
    if unroll <= 0:
        return None
    length = upper - lower
    if length <= 0 or length % unroll == 0:
        return None
    nearest = _nearest_divisor(length, unroll)
    hint = (f"unroll={nearest} divides it" if nearest is not None
            else "unroll=1: no unrolling" if length < 4 else f"a divisor of {length}")
    return (f"fori_loop: unroll={unroll} does not divide the {length} steps from {lower} to "
            f"{upper}; Mosaic GPU emits no epilogue for the rest and raises "
            f"\"NotImplementedError: ``unroll`` must divide ``length``, got unroll={unroll} and "
            f"length={length}\". Unroll by a divisor ({hint}), or peel the last "
            f"{length % unroll} steps into a second fori_loop.")
