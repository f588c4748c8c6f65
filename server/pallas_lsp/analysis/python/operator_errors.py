"""What a binary operator surely raises, for operands whose Python type is known exactly.

``rows + 2`` where ``rows = pl.ds(...)`` raises ``TypeError: unsupported operand type(s) for
+: 'Slice' and 'int'``; ``window + 1`` of a tuple, ``"can only concatenate tuple (not "int")
to tuple"``; ``n % 0``, ``ZeroDivisionError``. Whether a TypeError is raised depends only on
the operands' types (for the types below: no ``__add__`` of theirs looks at a value), so the
operation is run for real on tiny stand-ins of those types, and CPython words the error
itself. A ZeroDivisionError depends on the values: it is judged only for two known numbers.

Known exactly: constants (int, float, complex, bool, str, bytes, and tuples of them),
tuples and lists the program built (their items do not matter to a TypeError of ``+ * ...``;
``%`` of a str or bytes formats its items, so it is never judged), and ``pl.ds`` / Python
slices. The analysis holds a dict's ``items()`` / ``values()`` as a tuple: a view defines no
arithmetic, so what raises for a tuple raises for it too, except the set operators ``& | - ^``,
never judged with a tuple or list operand. Not dicts: the analysis holds a mapping proxy, an
OrderedDict, a frame's locals as a dict too, whose type CPython's message would name. A shift
by a negative count of two known ints is CPython's "ValueError: negative shift count".
Anything else (arrays, refs, the program's own classes, library objects) is not judged: its
class may define the operator.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from dataclasses import dataclass

from ..values import FELL_OFF_THE_END, NUMPY_SCALAR_ORIGINS, ArrayVal, Const, DSliceVal, ListVal
from .exception_values import ExcVal

_FUNCTIONS: dict[type[ast.operator], Callable[[object, object], object]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.MatMult: operator.matmul, ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod, ast.Pow: operator.pow, ast.LShift: operator.lshift,
    ast.RShift: operator.rshift, ast.BitOr: operator.or_, ast.BitXor: operator.xor,
    ast.BitAnd: operator.and_,
}

# (Not None: a None the analysis holds is often a default that a command line, an environment
# or code it cannot see replaces; `None + 1` is left unjudged.)
_SCALARS = (int, float, complex, bool, str, bytes)
_NUMBERS = (int, float, bool)
# What dict views (and sets) define beside comparisons: never judged with a tuple or list.
_SET_OPERATORS = (ast.BitAnd, ast.BitOr, ast.Sub, ast.BitXor)


@dataclass(frozen=True)
class OperatorError:
    """An operator the program surely runs and that surely raises, uncaught (PAL079); or an
    unpacking (``a, b = items``) of a known number of items into another number of names."""

    # A subscript: a dict's KeyError or a sequence's IndexError; a call: a standard library
    # call that raised on the program's data; a raise or an assert that surely runs.
    node: ast.AST  # a BinOp, an unpacking's target, a Subscript, a Call, a Raise, an Assert...
    kind: str  # "TypeError", "ZeroDivisionError"
    message: str  # CPython's words


class Slice:
    """A stand-in of ``jax._src.state.indexing.Slice`` (what ``pl.ds`` returns): a dataclass
    that defines no operator, so CPython's message names it as JAX's does."""

    __slots__ = ()


def _stand_in(value: object) -> object:
    """A tiny object of the operand's exact type, or None where the type is not known."""
    if isinstance(value, DSliceVal):
        return Slice() if value.is_ds else slice(None)
    if isinstance(value, Const):
        if type(value.value) is tuple:
            return ()
        if type(value.value) in (str, bytes):
            return type(value.value)()
        if type(value.value) in _SCALARS:
            return type(value.value)(1)
        return None
    if type(value) is tuple:
        return ()
    if type(value) is ListVal:
        return []
    return None


def _fell_off(value: object) -> bool:
    """The None a call of the program's function gave when no ``return`` ran: surely None (its
    stand-in is None itself)."""
    return type(value) is Const and value.value is None and value.origins == (FELL_OFF_THE_END,)


# The analysis' values whose Python type is known exactly (the rest are never judged: the
# evaluator asks only when both operands are of these, without a call for most operators).
JUDGED = frozenset({Const, DSliceVal, tuple, ListVal})


def binary_error(left: object, op: ast.operator, right: object) -> ExcVal | None:
    """The exception ``left op right`` surely raises, or None (it does not, or not surely)."""
    function = _FUNCTIONS.get(type(op))
    if function is None:
        return None
    if (type(left) is Const and left.origins is NUMPY_SCALAR_ORIGINS) \
            or (type(right) is Const and right.origins is NUMPY_SCALAR_ORIGINS):
        return None  # a NumPy scalar's operators are NumPy's (5 // 0 is 0 there, with a warning)
    if type(left) is Const and type(right) is Const and type(left.value) in _NUMBERS \
            and type(right.value) in _NUMBERS:
        # Most operators: two numbers, of which only a zero divisor (or 0 ** -n) raises, and a
        # shift by a negative count.
        if isinstance(op, (ast.LShift, ast.RShift)) and type(right.value) in (int, bool) \
                and type(left.value) in (int, bool) and right.value < 0:
            return ExcVal(ValueError, (Const("negative shift count"),))
        return _zero_division(left, op, right) if right.value == 0 or left.value == 0 else None
    a, b = _stand_in(left), _stand_in(right)
    if (a is None and not _fell_off(left)) or (b is None and not _fell_off(right)):
        return None
    if isinstance(op, ast.Mod) and isinstance(a, (str, bytes)):
        return None  # formatting: its errors depend on the format and the items
    if isinstance(op, _SET_OPERATORS) and (isinstance(a, (tuple, list)) or isinstance(b, (tuple, list))):
        return None  # the analysis holds a dict's items() / values() view as a tuple: set algebra
    try:
        function(a, b)
    except TypeError as error:
        return ExcVal(TypeError, (Const(str(error)),))
    except Exception:  # a stand-in's value error (an overflow, say) is no verdict on the real values
        return None
    return _zero_division(left, op, right)


_UNARY: dict[type[ast.unaryop], Callable[[object], object]] = {
    ast.UAdd: operator.pos, ast.USub: operator.neg, ast.Invert: operator.invert,
}


def unary_error(op: ast.unaryop, operand: object) -> ExcVal | None:
    """The TypeError ``-x`` / ``+x`` / ``~x`` surely raises for an operand of a known type (a
    list, a tuple, a str: "bad operand type for unary ~: 'list'"; ``~`` of a float), or None.
    Like the binary operators, judged on a tiny stand-in of the operand's exact type: whether
    these raise depends on the type alone (``~True`` is -2, with a deprecation warning only)."""
    function = _UNARY.get(type(op))
    if function is None or (type(operand) is Const and operand.origins is NUMPY_SCALAR_ORIGINS):
        return None
    stand_in = _stand_in(operand)
    if stand_in is None and not _fell_off(operand):
        return None
    try:
        function(stand_in)
    except TypeError as error:
        return ExcVal(TypeError, (Const(str(error)),))
    except Exception:
        return None
    return None


def _zero_division(left: object, op: ast.operator, right: object) -> ExcVal | None:
    """``n / 0``, ``n // 0``, ``n % 0`` (and ``0 ** -1``) of two known numbers."""
    if not (isinstance(left, Const) and isinstance(right, Const)):
        return None
    if type(left.value) not in _NUMBERS or type(right.value) not in _NUMBERS:
        return None
    if (isinstance(op, (ast.Div, ast.FloorDiv, ast.Mod)) and right.value == 0) or (
            isinstance(op, ast.Pow) and left.value == 0 and right.value < 0):  # type: ignore[operator]
        try:
            _FUNCTIONS[type(op)](left.value, right.value)
        except ZeroDivisionError as error:
            return ExcVal(ZeroDivisionError, (Const(str(error)),))
    return None


def unpack_error(got: int, names: int, starred: bool) -> ExcVal:
    """The ValueError of ``a, b = items`` with ``got`` items for ``names`` targets (one of them
    starred or not), in CPython 3.11 / 3.12's words (3.13 adds ", got N" to "too many")."""
    if starred:
        message = f"not enough values to unpack (expected at least {names - 1}, got {got})"
    elif got < names:
        message = f"not enough values to unpack (expected {names}, got {got})"
    else:
        message = f"too many values to unpack (expected {names})"
    return ExcVal(ValueError, (Const(message),))


# The lax primitive each operator binds for two arrays of one dtype (jax.numpy's ufuncs), whose
# shape rule words the refusal: "mul got incompatible shapes for broadcasting: (64, 64), (64, 32)."
# (jax/_src/lax/lax.py _broadcasting_shape_rule, 0.8.3 - 0.12.0.1). `/` is `div` for floats only;
# `//`, `%`, `**`, `<<`, `>>` and `@` go through other functions first: not judged.
_LAX_NAMES: dict[type[ast.operator], str] = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div",
    ast.BitAnd: "and", ast.BitOr: "or", ast.BitXor: "xor",
}
_FLOATS = frozenset({"float16", "bfloat16", "float32", "float64"})


def array_shapes_error(left: object, op: ast.operator, right: object) -> ExcVal | None:
    """Two traced arrays of one known rank whose shapes do not broadcast (a dimension of each,
    neither 1, that differ): JAX's shape rule raises TypeError while the kernel is traced."""
    name = _LAX_NAMES.get(type(op))
    if name is None or left.__class__ is not ArrayVal or right.__class__ is not ArrayVal:
        return None  # (a RefVal is an ArrayVal subclass: refs are not arrays here)
    a, b = left.shape, right.shape  # type: ignore[attr-defined]
    if a.__class__ is not Const or b.__class__ is not Const:
        return None
    sa, sb = a.value, b.value  # type: ignore[attr-defined]
    if sa.__class__ is not tuple or sb.__class__ is not tuple or len(sa) != len(sb) or sa == sb:
        return None
    if not all(type(d) is int for d in (*sa, *sb)):
        return None
    if all(x == y or x == 1 or y == 1 for x, y in zip(sa, sb, strict=True)):
        return None
    if name == "div" and not (getattr(left.dtype, "name", None) in _FLOATS  # type: ignore[attr-defined]
                              and getattr(right.dtype, "name", None) in _FLOATS):  # type: ignore[attr-defined]
        return None
    return ExcVal(TypeError, (Const(f"{name} got incompatible shapes for broadcasting: {sa!r}, {sb!r}."),))
