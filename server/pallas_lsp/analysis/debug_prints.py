"""pl.debug_print format strings Mosaic GPU refuses (PAL068).

Mosaic GPU's lowering rule for ``debug_print`` checks the format with
``primitives.check_debug_print_format`` (jax/_src/pallas/primitives.py): it walks the fields
of ``string.Formatter().parse(fmt)`` in order and raises "ValueError: The format string should
not contain any format specs or conversions" for the first ``{:.3f}`` / ``{!r}``, "ValueError:
The format string should not reference arguments by position or name" for the first ``{0}`` /
``{x}``, then "TypeError: The format string expects N argument(s), but got M" when the number of
``{}`` placeholders is not the number of values. Measured alike under Lane and Warpgroup
semantics on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, on the ``pl.debug_print`` line
(``jax.debug.print`` takes format specs: not judged).
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from .ops import DEBUG_PRINT_OP
from .program import Program
from .trace import Op
from .values import Const


@dataclass(frozen=True)
class FormatFault:
    op: Op
    kind: str  # "spec", "field" or "count"
    detail: str  # the offending field as written, or the counts
    placeholders: int = 0
    values: int = 0


def format_fault(fmt: str, values: int) -> tuple[str, str, int] | None:
    """(kind, detail, placeholders) of what the check refuses first, or None."""
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError:
        return None  # a stray brace: Python's own error, raised before any check of JAX's
    placeholders = 0
    for _, field, spec, conversion in fields:
        if field is not None:
            placeholders += 1
        if spec or conversion:
            written = "{" + (field or "") + (f"!{conversion}" if conversion else "") \
                + (f":{spec}" if spec else "") + "}"
            return "spec", written, placeholders
        if field:
            return "field", "{" + field + "}", placeholders
    if placeholders != values:
        return "count", f"{placeholders} vs {values}", placeholders
    return None


def debug_print_faults(program: Program) -> list[FormatFault]:
    found: list[FormatFault] = []
    for ops in program.ops_named(DEBUG_PRINT_OP).values():
        for op in ops:
            fmt, values = op.args.get("fmt"), op.args.get("values")
            if not isinstance(fmt, Const) or not isinstance(fmt.value, str) \
                    or not isinstance(values, Const) or type(values.value) is not int:
                continue
            fault = format_fault(fmt.value, values.value)
            if fault is not None:
                found.append(FormatFault(op, fault[0], fault[1], fault[2], values.value))
    return found
