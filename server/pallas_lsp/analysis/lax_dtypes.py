"""The dtypes ``jax.lax``'s elementwise functions accept (jax/_src/lax/lax.py's
``standard_unop`` / ``standard_naryop`` dtype rules, the same in 0.8.3 - 0.12.0.1).

Unlike ``jnp``, ``lax`` promotes nothing: ``lax.clz`` of a float, ``lax.exp`` of an integer,
``lax.add`` of an int32 and a float32 (or of a bfloat16 array and the Python float ``2.0``,
which binds as a float32) raise TypeError while the function is traced, on the host or in a
kernel body alike (measured under 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1):

    clz does not accept dtype float32. Accepted dtypes are subtypes of integer.
    shift_left does not accept dtype float32 at position 0. Accepted dtypes at position 0 are ...
    lax.add requires arguments to have the same dtypes, got bfloat16, float32. (Tip: ...)

``refusal`` gives that message for a call whose operands' dtypes are all known (an array's
dtype, a Python scalar's default dtype with x64 off), else None. JAX words the accepted kinds
by iterating a set of NumPy classes, whose order differs from one process to the next; the
message here names them in one fixed order.
"""

from __future__ import annotations

from .dtypes import COMPLEX, FLOATS, INTEGERS
from .values import ArrayVal, Const, DtypeVal

# The kinds of jax/_src/lax/lax.py's dtype sets, as NumPy names the classes.
_INT, _FLOAT, _COMPLEX, _BOOL, _SIGNED = "integer", "floating", "complexfloating", "bool", "signedinteger"
_NUM = (_INT, _FLOAT, _COMPLEX)
_ANY = (*_NUM, _BOOL)
_FLOAT_OR_COMPLEX = (_FLOAT, _COMPLEX)
_BOOL_OR_INT = (_INT, _BOOL)
_ORDERED = (_INT, _FLOAT, _BOOL)

# lax function -> (the primitive's name in JAX's message, the kinds its operand may have).
UNARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "lax.neg": ("neg", _NUM), "lax.sign": ("sign", _NUM),
    "lax.floor": ("floor", (_FLOAT,)), "lax.ceil": ("ceil", (_FLOAT,)), "lax.round": ("round", (_FLOAT,)),
    "lax.is_finite": ("is_finite", (_FLOAT,)), "lax.cbrt": ("cbrt", (_FLOAT,)),
    "lax.abs": ("abs", (_SIGNED, _FLOAT, _COMPLEX)),
    "lax.square": ("square", _NUM),
    "lax.clz": ("clz", (_INT,)), "lax.population_count": ("population_count", (_INT,)),
    "lax.bitwise_not": ("not", _BOOL_OR_INT),
    **{f"lax.{name}": (name, _FLOAT_OR_COMPLEX) for name in (
        "exp", "exp2", "log", "expm1", "log1p", "tanh", "logistic", "sin", "cos", "tan", "asin",
        "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "sqrt", "rsqrt")},
}

# lax function -> (the primitive's name, the kinds each of its two operands may have). Both
# operands must then have one dtype.
BINARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "lax.add": ("add", _NUM), "lax.sub": ("sub", _NUM), "lax.mul": ("mul", _NUM),
    "lax.div": ("div", _NUM), "lax.rem": ("rem", (_INT, _FLOAT)),
    "lax.max": ("max", _ANY), "lax.min": ("min", _ANY),
    "lax.bitwise_and": ("and", _BOOL_OR_INT), "lax.bitwise_or": ("or", _BOOL_OR_INT),
    "lax.bitwise_xor": ("xor", _BOOL_OR_INT),
    "lax.shift_left": ("shift_left", (_INT,)),
    "lax.shift_right_logical": ("shift_right_logical", (_INT,)),
    "lax.shift_right_arithmetic": ("shift_right_arithmetic", (_INT,)),
    "lax.atan2": ("atan2", _FLOAT_OR_COMPLEX), "lax.nextafter": ("nextafter", (_FLOAT,)),
    **{f"lax.{name}": (name, _ANY) for name in ("eq", "ne")},
    **{f"lax.{name}": (name, _ORDERED) for name in ("lt", "le", "gt", "ge")},
}
# The jnp function JAX's same-dtype message suggests (lax.py's _JNP_FUNCTION_EQUIVALENTS,
# keyed by the primitive's name: `lt` and `and` have none there).
_JNP_EQUIVALENTS: dict[str, str] = {
    "add": "add", "sub": "subtract", "mul": "multiply", "div": "divide", "max": "maximum",
    "min": "minimum", "eq": "equal", "ne": "not_equal", "shift_left": "left_shift",
    "shift_right_logical": "right_shift", "shift_right_arithmetic": "right_shift",
    "atan2": "arctan2", "nextafter": "nextafter",
}
CHECKED = frozenset({*UNARY, *BINARY})

# A Python scalar binds as the default dtype of its kind (x64 off).
_SCALAR_DTYPES: dict[type, str] = {bool: "bool", int: "int32", float: "float32", complex: "complex64"}


def operand_dtype(value: object) -> str | None:
    """The dtype ``value`` binds with: a traced array's (weak or not: lax reads the dtype
    alone), a Python scalar's default; None where unknown (a ref, another object)."""
    if value.__class__ is ArrayVal:
        dtype = value.dtype  # type: ignore[attr-defined]
        return dtype.name if isinstance(dtype, DtypeVal) else None
    if value.__class__ is Const:
        return _SCALAR_DTYPES.get(type(value.value))  # type: ignore[attr-defined]
    return None


def _kind_accepts(kind: str, dtype: str) -> bool:
    if kind == _INT:
        return dtype in INTEGERS
    if kind == _SIGNED:
        return dtype in INTEGERS and dtype.startswith("int")
    if kind == _FLOAT:
        return dtype in FLOATS
    if kind == _COMPLEX:
        return dtype in COMPLEX
    return dtype == "bool"


def _known(dtype: str | None) -> bool:
    return dtype is not None and (dtype in INTEGERS or dtype in FLOATS or dtype in COMPLEX or dtype == "bool")


def refusal(name: str, operands: list[object], x64: object) -> str | None:
    """JAX's TypeError message for ``name(*operands)`` (a function of UNARY / BINARY), or None
    where it binds or where a dtype is unknown (x64 on or unknown: Python scalars then bind
    wider; any other argument count)."""
    if x64 is not False:
        return None
    dtypes = [operand_dtype(operand) for operand in operands]
    if not all(_known(dtype) for dtype in dtypes):
        return None
    if name in UNARY:
        if len(dtypes) != 1:
            return None
        prim, kinds = UNARY[name]
        if any(_kind_accepts(kind, dtypes[0]) for kind in kinds):  # type: ignore[arg-type]
            return None
        return (f"{prim} does not accept dtype {dtypes[0]}. Accepted dtypes are subtypes of "
                f"{', '.join(kinds)}.")
    if len(dtypes) != 2:
        return None
    prim, kinds = BINARY[name]
    for position, dtype in enumerate(dtypes):
        if not any(_kind_accepts(kind, dtype) for kind in kinds):  # type: ignore[arg-type]
            return (f"{prim} does not accept dtype {dtype} at position {position}. Accepted dtypes "
                    f"at position {position} are subtypes of {', '.join(kinds)}.")
    if dtypes[0] != dtypes[1]:
        tip = _JNP_EQUIVALENTS.get(prim)
        tail = f" (Tip: jnp.{tip} is a similar function that does automatic type promotion on inputs)." \
            if tip else ""
        return f"lax.{prim} requires arguments to have the same dtypes, got {dtypes[0]}, {dtypes[1]}.{tail}"
    return None
