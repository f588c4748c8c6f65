"""What host NumPy raises on the program's values at an operator or a subscript (PAL079).

``BASE * GAINS`` of arrays whose shapes do not broadcast, ``CANDIDATES[i]`` past an axis: the
operation is run for real on hostnp (python/numpy_bridge.py) through the bridge, and the
builtin exception NumPy raises there is the program's (python/interp/expressions.py raises it
at the node). NumPy's own exception classes (AxisError) are not judged here.
"""

from __future__ import annotations

import ast
import operator

from ..values import Const
from . import bridge
from .exception_values import ExcVal
from .numpy_bridge import is_host


def _run(name: str, target: object, args: list[object]) -> tuple[object, object]:
    """``target(*args)`` run through the bridge: its value, and the builtin exception NumPy
    raised (an ExcVal; None when none, or of NumPy's own class)."""
    raised: list[BaseException] = []
    value = bridge.run(name, target, args, {}, raised=raised)  # type: ignore[arg-type]
    if not raised or type(raised[0]).__module__ != "builtins":
        return value, None
    return value, ExcVal(type(raised[0]), (Const(str(raised[0])),))


# Python's comparison operators as the functions of `operator`.
_COMPARED = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge"}


def compared(left: object, op: ast.cmpop, right: object) -> tuple[object, object] | None:
    """``left op right`` where a side is a host NumPy array or scalar: NumPy's elementwise
    comparison (an array of bools), and what it raises; None where neither side is NumPy's."""
    name = _COMPARED.get(type(op))
    if name is None or not (is_host(left) or is_host(right)):
        return None
    return _run(f"operator.{name}", getattr(operator, name), [left, right])


def binary(left: object, op: object, right: object) -> tuple[object, object] | None:
    """``left op right`` where a side is a host NumPy array or scalar: its value, and what NumPy
    raises there (shapes that do not broadcast: its ValueError); None where neither side is
    NumPy's."""
    if not (is_host(left) or is_host(right)):
        return None
    name = bridge.OPERATOR_NAMES.get(type(op))
    if name is None:
        return None
    return _run(f"operator.{name}", getattr(operator, name), [left, right])


def getitem(base: object, index: object) -> tuple[object, object] | None:
    """``base[index]`` of a host NumPy array: its value, and what NumPy raises there (an index
    past an axis: IndexError); None for any other base."""
    if not is_host(base):
        return None
    return _run("operator.getitem", operator.getitem, [base, index])
