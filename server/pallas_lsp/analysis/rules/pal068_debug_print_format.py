"""PAL068 debug_print_format: a pl.debug_print format string Mosaic GPU refuses (a format spec
or conversion, a named or numbered field, a placeholder count other than the values')."""

from __future__ import annotations

from collections.abc import Iterator

from ..debug_prints import FormatFault, debug_print_faults
from ..model import Finding, Options
from ..program import Program
from .base import LoweringError, Rule
from .common import first_refusal_per_launch

RULE = Rule(
    code="PAL068",
    name="debug_print_format",
    title="a pl.debug_print format string Mosaic GPU refuses",
    jax_message=(
        "ValueError: The format string should not contain any format specs or conversions\n"
        "ValueError: The format string should not reference arguments by position or name\n"
        "TypeError: The format string expects 2 arguments, but got 1"
    ),
    lowering_errors=(
        LoweringError(r"The format string should not contain any format specs or conversions",
                      exc_type="ValueError"),
        LoweringError(r"The format string should not reference arguments by position or name",
                      exc_type="ValueError"),
        LoweringError(r"\AThe format string expects (\d+|\{[^}]*\}) argument", exc_type="TypeError",
                      sites=r"primitives\.py:check_debug_print_format$"),
    ),
    what_it_means=(
        "Mosaic GPU prints with the GPU's printf: `pl.debug_print(fmt, *values)` turns each "
        "`{}` of the format string into one value's printf conversion, so the string may hold "
        "bare `{}` placeholders only (no `{:.3f}`, `{!r}`, `{0}` or `{name}`), exactly one per "
        "value."
    ),
    when_it_happens=(
        "`pl.debug_print(\"x = {:.3f}\", x)`, `pl.debug_print(\"x = {x}\", x)`, "
        "`pl.debug_print(\"{} {}\", x)` or `pl.debug_print(\"x =\", x)` in a Mosaic GPU kernel, "
        "under Lane and Warpgroup semantics alike; JAX raises while lowering, on the "
        "debug_print line. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1. "
        "(`jax.debug.print` formats on its own terms and is not judged.)"
    ),
    how_to_fix=(
        "Write one bare `{}` per value: `pl.debug_print(\"x = {}\", x)`; drop format specs "
        "(the printf conversion follows the value's dtype) and names; write a literal brace as "
        "`{{` or `}}`."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    pl.debug_print("x[0] = {:.3f}", x_ref[0])
''',
    good_example='''
def kernel(x_ref, o_ref):
    pl.debug_print("x[0] = {}", x_ref[0])
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from first_refusal_per_launch(program, RULE.code, debug_print_faults(program),
                                        lambda fault: fault.op, _message)


def _message(fault: FormatFault) -> str:
    if fault.kind == "spec":
        return (f"This format string holds {fault.detail}: Mosaic GPU prints with printf and "
                f"takes bare {{}} placeholders only, so JAX raises \"ValueError: The format string "
                f"should not contain any format specs or conversions\". Write {{}} (the value's "
                f"dtype picks the conversion).")
    if fault.kind == "field":
        return (f"This format string names a field, {fault.detail}: Mosaic GPU fills bare {{}} "
                f"placeholders in order only, so JAX raises \"ValueError: The format string "
                f"should not reference arguments by position or name\". Write {{}} and pass the "
                f"values in order.")
    plural = "" if fault.placeholders == 1 else "s"
    return (f"This format string has {fault.placeholders} placeholder{plural} for {fault.values} "
            f"value{'' if fault.values == 1 else 's'}: Mosaic GPU needs one {{}} per value, so JAX "
            f"raises \"TypeError: The format string expects {fault.placeholders} "
            f"argument{plural}, but got {fault.values}\". Write one {{}} per value.")
