"""NumPy's scalar types: np.int8 ... np.float64 and np.bool_, with NumPy's conversions, text and
arithmetic (through the ufuncs, so ``np.int8(100) + np.int8(100)`` wraps as NumPy's does).

The integer scalars subclass ``int`` and the float ones ``float`` (so the analyser's Python sees
numbers), and the abstract classes (``np.integer``, ``np.floating``...) so that ``isinstance`` and
``np.issubdtype`` answer as NumPy's. ``np.bool_`` cannot subclass ``bool``: it is its own class of
two singletons. Refused: strings, sequences and arrays given to a scalar type.

Imports only dtypes.py (the layer below). The ndarray (arrays.py) and the ufuncs the operators
run are above this module: they are found in dtypes' ``REGISTRY`` when used ("arrays.ndarray",
"arrays.make", "ufuncs.<name>"), and this module registers the scalar classes dtypes refers to.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .dtypes import (
    BOOL,
    FLOAT16,
    FLOAT32,
    FLOAT64,
    INT8,
    INT16,
    INT32,
    INT64,
    UINT8,
    UINT16,
    UINT32,
    UINT64,
    DType,
    Refused,
    bounds,
    cast,
    dtype,
    register,
    registered,
    round_float,
    str_dtype,
)

# The module the scalar types say they are in: core.py, the package's common names, re-exports them.
_PUBLIC_MODULE = __name__.rsplit(".", 1)[0] + ".core"

# NumPy 2's scalar attributes (dir(np.int64) | dir(np.float64) | dir(np.bool_)): those the scalar
# classes lack refuse rather than raise AttributeError.
_NUMPY_ATTRIBUTES = frozenset((
    "T", "all", "any", "argmax", "argmin", "argsort", "as_integer_ratio", "astype", "base", "bit_count",
    "byteswap", "choose", "clip", "compress", "conj", "conjugate", "copy", "cumprod", "cumsum", "data",
    "denominator", "device", "diagonal", "dtype", "dump", "dumps", "fill", "flags", "flat", "flatten",
    "fromhex", "getfield", "hex", "imag", "is_integer", "item", "itemsize", "max", "mean", "min",
    "nbytes", "ndim", "nonzero", "numerator", "prod", "put", "ravel", "real", "repeat", "reshape",
    "resize", "round", "searchsorted", "setfield", "setflags", "shape", "size", "sort", "squeeze",
    "std", "strides", "sum", "swapaxes", "take", "to_device", "tobytes", "tofile", "tolist", "trace",
    "transpose", "var", "view",
))


class generic:
    """numpy.generic: the base of the scalar classes (their common behaviour)."""

    def __getattr__(self, name: str) -> Any:
        if name in _NUMPY_ATTRIBUTES:
            raise Refused(f"{type(self).__name__}.{name} is not modelled")
        raise AttributeError(f"'numpy.{type(self).__name__}' object has no attribute '{name}'")

    _dtype: DType

    @property
    def dtype(self) -> DType:
        return self._dtype

    @property
    def shape(self) -> tuple[int, ...]:
        return ()

    @property
    def ndim(self) -> int:
        return 0

    @property
    def size(self) -> int:
        return 1

    @property
    def itemsize(self) -> int:
        return self._dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self._dtype.itemsize

    def item(self, *args: object) -> Any:
        if args and args not in ((0,), (-1,), ((),)) and args != ((0,),):
            raise Refused("item() of a scalar with an index")
        return _plain(self)

    def tolist(self) -> Any:
        return _plain(self)

    def astype(self, dt: object) -> generic:
        return to_scalar(cast(_plain(self), dtype(dt)), dtype(dt))

    def __array__(self) -> Any:  # an ndarray (arrays.py, above this module)
        return registered("arrays.make")([_plain(self)], (), self._dtype)

    def __repr__(self) -> str:
        return f"np.{self._dtype.name}({self._text()})"

    def __str__(self) -> str:
        return self._text()

    def _text(self) -> str:
        return str(_plain(self))


def _plain(value: Any) -> Any:
    if isinstance(value, str):
        raise Refused("a np.str_ where a number is expected")
    if isinstance(value, bool_):
        return value._value
    if isinstance(value, int):
        return int(value)
    return float(value)


class number(generic):
    pass


class integer(number):
    @property
    def numerator(self) -> Any:
        return self

    @property
    def denominator(self) -> Any:
        return to_scalar(1, self._dtype)

    def is_integer(self) -> bool:
        return True


class signedinteger(integer):
    pass


class unsignedinteger(integer):
    pass


class inexact(number):
    pass


class floating(inexact):
    def is_integer(self) -> bool:
        return float.is_integer(self)  # type: ignore[arg-type]


class complexfloating(inexact):
    pass


def _int_new(cls: type, value: object = 0) -> Any:
    dt: DType = cls._dtype  # type: ignore[attr-defined]
    if isinstance(value, (registered("arrays.ndarray"), list, tuple)):
        raise Refused("a scalar type called on a sequence")
    if isinstance(value, str):
        raise Refused("a scalar type called on a string")
    if isinstance(value, bool_):
        value = value._value
    if isinstance(value, int) and not isinstance(value, generic):
        if not -(1 << 63) <= value < (1 << 64) or (dt is not UINT64 and value >= (1 << 63)):
            raise OverflowError("Python int too large to convert to C long")
        low, high = bounds(dt)
        if not low <= value <= high:
            raise OverflowError(f"Python integer {int(value)} out of bounds for {dt.name}")
        return int.__new__(cls, value)
    if not isinstance(value, (int, float)):
        raise Refused(f"{dt.name}({type(value).__name__}) is not modelled")
    return int.__new__(cls, cast(_plain(value), dt))


def _float_new(cls: type, value: object = 0.0) -> Any:
    dt: DType = cls._dtype  # type: ignore[attr-defined]
    if isinstance(value, (registered("arrays.ndarray"), list, tuple)):
        raise Refused("a scalar type called on a sequence")
    if isinstance(value, str):
        raise Refused("a scalar type called on a string")
    if isinstance(value, bool_):
        value = value._value
    if not isinstance(value, (int, float)):
        raise Refused(f"{dt.name}({type(value).__name__}) is not modelled")
    return float.__new__(cls, cast(_plain(value), dt))


def _float_text(self: float) -> str:
    value = float(self)
    dt: DType = self._dtype  # type: ignore[attr-defined]
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    if dt is not FLOAT64:
        # The shortest digits that round-trip at the dtype's precision (NumPy's Dragon4);
        # Python's repr of the float those digits name has the same digits.
        for digits in range(1, 18):
            text = f"{value:.{digits}g}"
            if round_float(float(text), dt) == value:
                value = float(text)
                break
    text = repr(value)
    size = abs(value)
    # NumPy prints positionally from 1e-4 up to 1e3 (half), 1e6 (float32), 1e16 (float64).
    if size == 0 or 1e-4 <= size < _POSITIONAL_LIMIT[dt.name]:
        if "e" in text:
            raise Refused("a float scalar's positional text")
        return text
    return _scientific(text)


_POSITIONAL_LIMIT = {"float16": 1e3, "float32": 1e6, "float64": 1e16}


def _scientific(text: str) -> str:
    """Python's shortest repr rewritten as NumPy's scientific text ("6.55e+04", "1e+20")."""
    sign = "-" if text.startswith("-") else ""
    text = text.lstrip("-")
    mantissa, _, exp = text.partition("e")
    if exp:
        exponent = int(exp)
        digits = mantissa.replace(".", "")  # Python's repr puts one digit before the point
    else:
        whole, _, fraction = mantissa.partition(".")
        if whole.strip("0"):
            exponent = len(whole.lstrip("0")) - 1
            digits = (whole + fraction).lstrip("0")
        else:
            stripped = fraction.lstrip("0")
            exponent = -(len(fraction) - len(stripped) + 1)
            digits = stripped
    digits = digits.rstrip("0") or "0"
    body = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{body}e{'+' if exponent >= 0 else '-'}{abs(exponent):02d}"


class _IntScalar(int):
    """Behaviour shared by the integer scalar classes (NumPy's arithmetic, not Python's)."""

    __new__ = _int_new  # type: ignore[assignment]
    __hash__ = int.__hash__

    def __repr__(self) -> str:
        return f"np.{self._dtype.name}({int(self)})"  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return str(int(self))

    def __format__(self, spec: str) -> str:
        return format(int(self), spec)

    def __index__(self) -> int:
        return int(self)


class _FloatScalar(float):
    __new__ = _float_new  # type: ignore[assignment]
    __hash__ = float.__hash__

    def __repr__(self) -> str:
        return f"np.{self._dtype.name}({_float_text(self)})"  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return _float_text(self)

    def __format__(self, spec: str) -> str:
        return format(float(self), spec)


def _scalar_class(dt: DType, bases: tuple[type, ...]) -> type:
    cls = type(dt.name, bases, {"_dtype": dt, "__module__": _PUBLIC_MODULE, "__slots__": ()})
    dt.type = cls
    return cls


int8 = _scalar_class(INT8, (_IntScalar, signedinteger))
int16 = _scalar_class(INT16, (_IntScalar, signedinteger))
int32 = _scalar_class(INT32, (_IntScalar, signedinteger))
int64 = _scalar_class(INT64, (_IntScalar, signedinteger))
uint8 = _scalar_class(UINT8, (_IntScalar, unsignedinteger))
uint16 = _scalar_class(UINT16, (_IntScalar, unsignedinteger))
uint32 = _scalar_class(UINT32, (_IntScalar, unsignedinteger))
uint64 = _scalar_class(UINT64, (_IntScalar, unsignedinteger))
float16 = _scalar_class(FLOAT16, (_FloatScalar, floating))
float32 = _scalar_class(FLOAT32, (_FloatScalar, floating))
float64 = _scalar_class(FLOAT64, (_FloatScalar, floating))


class bool_(generic):
    """numpy.bool (Python's bool cannot be subclassed): the two singletons np.True_ / np.False_."""

    __slots__ = ("_value",)
    _dtype = BOOL
    _value: bool

    def __new__(cls, value: object = False) -> bool_:
        if isinstance(value, (registered("arrays.ndarray"), list, tuple)):
            raise Refused("np.bool_ called on a sequence")
        if isinstance(value, str):
            raise Refused("np.bool_ called on a string")
        return True_ if value else False_

    def __bool__(self) -> bool:
        return self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __index__(self) -> int:
        raise TypeError("'numpy.bool' object cannot be interpreted as an integer")

    def __int__(self) -> int:
        return int(self._value)

    def __float__(self) -> float:
        return float(self._value)

    def __repr__(self) -> str:
        return "np.True_" if self._value else "np.False_"

    def __str__(self) -> str:
        return str(self._value)

    def __format__(self, spec: str) -> str:
        return format(self._value, spec)


def _make_bool(value: bool) -> bool_:
    made = object.__new__(bool_)
    made._value = value
    return made


True_ = _make_bool(True)
False_ = _make_bool(False)
bool_.__name__ = "bool"
# The scalar types are core's (the name NumPy-aware code and the tests recognise them by).
for _cls in (generic, number, integer, signedinteger, unsignedinteger, inexact, floating, complexfloating,
             bool_):
    _cls.__module__ = _PUBLIC_MODULE
bool_.__qualname__ = "bool"
BOOL.type = bool_

SCALAR_TYPES = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64)


class str_(str, generic):
    """numpy.str_: a Python str (its methods and operators first) with NumPy's repr
    (np.str_('ab')) and dtype; generic's conversions, made for numbers, are refused for it
    (``_plain``)."""

    __module__ = _PUBLIC_MODULE

    @property
    def _dtype(self) -> DType:  # type: ignore[override]
        return str_dtype(len(self))

    @property
    def dtype(self) -> DType:
        return self._dtype

    @property
    def itemsize(self) -> int:
        return 4 * len(self)

    def item(self, *args: object) -> Any:
        if args:
            raise Refused("item() of a scalar with an index")
        return str(self)

    def tolist(self) -> Any:
        return str(self)

    def __repr__(self) -> str:
        return f"np.str_({str.__repr__(self)})"


def to_scalar(value: Any, dt: DType) -> Any:
    """The NumPy scalar of a value already valid for ``dt``."""
    if dt.kind == "U":
        return str_(value)
    if dt is BOOL:
        return True_ if value else False_
    if dt.kind == "f":
        return float.__new__(dt.type, value)
    return int.__new__(dt.type, value)


def _install_scalar_operators() -> None:
    """Scalar arithmetic is the ufuncs' (a scalar result, NumPy's types and wrapping)."""
    binary = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
              "floordiv": "floor_divide", "mod": "remainder", "pow": "power", "and": "bitwise_and",
              "or": "bitwise_or", "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift"}
    compare = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal", "gt": "greater",
               "ge": "greater_equal"}
    unary = {"neg": "negative", "pos": "positive", "abs": "absolute", "invert": "invert"}

    def forward(name: str) -> Callable[..., Any]:
        def op(self: Any, other: Any) -> Any:
            if not _operand(other):
                return NotImplemented
            return registered("ufuncs." + name)(self, other)
        return op

    def reflected(name: str) -> Callable[..., Any]:
        def op(self: Any, other: Any) -> Any:
            if not _operand(other):
                return NotImplemented
            return registered("ufuncs." + name)(other, self)
        return op

    def single(name: str) -> Callable[..., Any]:
        def op(self: Any) -> Any:
            return registered("ufuncs." + name)(self)
        return op

    def repeat(op: Callable[..., Any]) -> Callable[..., Any]:
        # A sequence times a NumPy scalar is the sequence repeated, in either order (NumPy's
        # scalars defer to sq_repeat: `(1,) * np.int64(2)` is (1, 1)); by a float or bool
        # scalar, CPython's TypeError, in NumPy's words.
        def mul(self: Any, other: Any) -> Any:
            if isinstance(other, (list, tuple, str, bytes)):
                if isinstance(self, _IntScalar):
                    return NotImplemented
                raise TypeError(f"can't multiply sequence by non-int of type 'numpy.{self._dtype.name}'")
            return op(self, other)
        return mul

    for cls in (_IntScalar, _FloatScalar, bool_):
        for dunder, name in binary.items():
            setattr(cls, f"__{dunder}__", forward(name))
            setattr(cls, f"__r{dunder}__", reflected(name))
        cls.__mul__ = repeat(forward("multiply"))  # type: ignore[attr-defined]
        cls.__rmul__ = repeat(reflected("multiply"))  # type: ignore[attr-defined]
        for dunder, name in compare.items():
            setattr(cls, f"__{dunder}__", forward(name))
        for dunder, name in unary.items():
            setattr(cls, f"__{dunder}__", single(name))
        cls.__divmod__ = lambda self, other: (self // other, self % other)  # type: ignore[attr-defined]
        cls.__rdivmod__ = lambda self, other: (other // self, other % self)  # type: ignore[attr-defined]
    _IntScalar.__hash__ = int.__hash__  # type: ignore[method-assign]
    _FloatScalar.__hash__ = float.__hash__  # type: ignore[method-assign]
    bool_.__hash__ = lambda self: hash(self._value)  # type: ignore[method-assign]


def _operand(other: object) -> bool:
    if isinstance(other, (str, bytes)):
        raise Refused("an arithmetic operator with a string (NumPy's string ufuncs)")
    return isinstance(other, (int, float, bool_, registered("arrays.ndarray"), list, tuple))


_install_scalar_operators()

# The names of this module that dtypes.py (np.dtype given a scalar type, cast, the errors' type
# names) refers to; the ndarray, its ``make`` and the ufuncs the operators above run are
# registered by arrays.py and ufuncs.py.
for _name, _value in (("generic", generic), ("integer", integer), ("signedinteger", signedinteger),
                      ("inexact", inexact), ("floating", floating), ("bool_", bool_), ("str_", str_)):
    register(f"scalars.{_name}", _value)
del _name, _value
