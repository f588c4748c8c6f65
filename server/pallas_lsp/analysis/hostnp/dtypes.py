"""NumPy's dtypes, casting, type promotion and shapes, as pure Python: the bottom of the package.

Models the dtypes bool, int8..int64, uint8..uint64 and float16 / 32 / 64 (each element a plain
Python bool / int / float already valid for its dtype: wrapped, or rounded to the float's
precision), the fixed-width unicode strings '<U{n}' (``StrDType``: plain str elements; only the
functions marked ``text_aware`` take them, the others refuse), NumPy 2's type promotion (NEP 50:
Python scalars are weak) and broadcasting. Refuses (``Refused``) every other dtype (complex,
bytes, objects, datetimes, structured, big-endian), arrays of more than ``MAX_SIZE`` elements and
conversions whose result NumPy leaves to the machine (nan or out-of-range floats to integers).

The package is layered, each module importing only those below it: this one (none of hostnp),
scalars.py, arrays.py, then the ufuncs and the functions; core.py re-exports the first three as
the package's common names. What a lower module needs from a higher one (np.dtype given a scalar
type, ``isinstance(x, ndarray)``, an ndarray's ``+`` running np.add) it finds in ``REGISTRY``,
which the higher modules fill when they are imported (see ``register``).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

from ..python.real import DtypeText, Refused

MAX_SIZE = 1 << 16


# ---------------------------------------------------------------------------------------------
# the registry: what the modules above this one define and the ones below them use

# This module is the bottom of the package and imports none of it; the scalar classes
# (scalars.py), the ndarray (arrays.py), the ufuncs, indexing and text of arrays and the package's
# functions live above it, yet the dtype machinery, the scalars and the array refer to them (a
# scalar type given to np.dtype, an ndarray's ``+`` running np.add, ``a.sum()`` running np.sum).
# Each higher module registers those names here when it is imported, under "<module>.<name>"
# ("scalars.bool_", "arrays.ndarray", "ufuncs.add", "indexing.getitem", "formatting.array_repr";
# "np.<name>" for the package's namespace, which the package's __init__ registers after importing
# every module). Looked up when used, never at import; a name not registered is refused.
REGISTRY: dict[str, Any] = {}


def register(key: str, value: Any) -> None:
    """Records a higher module's name (once: a second, different value is a package bug)."""
    if REGISTRY.get(key, value) is not value:
        raise ImportError(f"hostnp: {key} registered twice")
    REGISTRY[key] = value


def registered(key: str) -> Any:
    """A registered name; Refused when nothing registered it (not modelled, never guessed)."""
    if key not in REGISTRY:
        raise Refused(f"{key} is not modelled")
    return REGISTRY[key]


class _NoValueType:
    """numpy._NoValue: an argument not given (distinct from None)."""

    def __repr__(self) -> str:
        return "<no value>"


_NoValue = _NoValueType()


class AxisError(ValueError, IndexError):
    """numpy.exceptions.AxisError: its message for an axis out of range."""

    numpy_name = "numpy.exceptions.AxisError"  # (how a traceback names it: a message's class)

    def __init__(self, axis: object, ndim: int | None = None, msg_prefix: str | None = None) -> None:
        if ndim is None:
            super().__init__(axis)
            return
        message = f"axis {axis} is out of bounds for array of dimension {ndim}"
        super().__init__(f"{msg_prefix}: {message}" if msg_prefix else message)


class UFuncTypeError(TypeError):
    """numpy._core._exceptions.UFuncTypeError and its subclasses, named as NumPy 2's traceback
    names them (``numpy_name``); the message is what a program shows."""

    numpy_name = "numpy._core._exceptions.UFuncTypeError"


class UFuncNoLoopError(UFuncTypeError):
    numpy_name = "numpy._core._exceptions._UFuncNoLoopError"


class UFuncInputCastingError(UFuncTypeError):
    numpy_name = "numpy._core._exceptions._UFuncInputCastingError"


class UFuncOutputCastingError(UFuncTypeError):
    numpy_name = "numpy._core._exceptions._UFuncOutputCastingError"


# NumPy's _display_as_base: each subclass's __name__ is its base's (its qualified name is its own).
for _cls in (UFuncNoLoopError, UFuncInputCastingError, UFuncOutputCastingError):
    _cls.__name__ = "UFuncTypeError"


# ---------------------------------------------------------------------------------------------
# dtypes

class DType:
    """A NumPy dtype of the modelled kinds (one instance per name: compared by identity)."""

    __slots__ = ("_rank", "bits", "char", "itemsize", "kind", "name", "str", "type")

    def __init__(self, name: str, kind: str, itemsize: int, char: str, rank: int) -> None:
        self.name = name
        self.kind = kind
        self.itemsize = itemsize
        self.char = char
        self.str = ("|" if itemsize == 1 else "<") + ("b" if kind == "b" else kind) + str(itemsize)
        self.type: type = object
        self.bits = itemsize * 8
        self._rank = rank

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DType):
            return other is self
        try:
            return dtype(other) is self
        except (TypeError, Refused):
            return False

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.name)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"dtype('{self.name}')"

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __getattr__(self, name: str) -> Any:
        if name in ("descr", "flags", "isalignedstruct", "metadata", "newbyteorder"):
            raise Refused(f"dtype.{name} is not modelled")
        raise AttributeError(f"'numpy.dtypes.{DTYPE_CLASS[self.name]}' object has no attribute '{name}'")

    names = fields = subdtype = None
    hasobject = False
    isnative = True

    @property
    def base(self) -> DType:
        return self

    @property
    def byteorder(self) -> str:
        return "|" if self.itemsize == 1 else "="

    @property
    def isbuiltin(self) -> int:
        return 1

    @property
    def ndim(self) -> int:
        return 0

    @property
    def shape(self) -> tuple[int, ...]:
        return ()

    @property
    def alignment(self) -> int:
        return self.itemsize

    @property
    def num(self) -> int:
        return {"bool": 0, "int8": 1, "uint8": 2, "int16": 3, "uint16": 4, "int32": 5, "uint32": 6,
                "int64": 7, "uint64": 8, "float16": 23, "float32": 11, "float64": 12}[self.name]


class StrDType(DType):
    """NumPy's fixed-width unicode dtype '<U{width}' (one instance per width: ``str_dtype``). Its
    elements are plain Python str of at most ``width`` characters without NULs (NumPy strips
    trailing NULs, so strings holding one are refused where they enter). Width 0 is the flexible
    ``np.dtype(str)``: a request whose width NumPy discovers from the values."""

    __slots__ = ("width",)

    def __init__(self, width: int) -> None:
        super().__init__(f"str{32 * width}", "U", 4 * width, "U", 0)
        self.width = width
        self.str = f"<U{width}"

    def __str__(self) -> str:
        return self.str

    def __repr__(self) -> str:
        return f"dtype('<U{self.width or ''}')"

    def __format__(self, spec: str) -> str:
        return format(self.str, spec)

    def __hash__(self) -> int:
        return hash(self.str)

    def __getattr__(self, name: str) -> Any:
        if name in ("descr", "flags", "isalignedstruct", "metadata", "newbyteorder"):
            raise Refused(f"dtype.{name} is not modelled")
        raise AttributeError(f"'numpy.dtypes.StrDType' object has no attribute '{name}'")

    @property
    def byteorder(self) -> str:
        return "="

    @property
    def alignment(self) -> int:
        return 4

    @property
    def num(self) -> int:
        return 19


# These classes are core's names to the world (core.py re-exports them; the scalar types say the
# same), as they were before this module was split out of it.
for _cls in (_NoValueType, AxisError, UFuncTypeError, UFuncNoLoopError, UFuncInputCastingError,
             UFuncOutputCastingError, DType, StrDType):
    _cls.__module__ = __name__.rsplit(".", 1)[0] + ".core"
del _cls

_STR_DTYPES: dict[int, StrDType] = {}


def str_dtype(width: int) -> StrDType:
    """The '<U{width}' dtype (cached: dtypes compare by identity)."""
    if width not in _STR_DTYPES:
        if width > MAX_SIZE:
            raise Refused("a string dtype wider than the model's limit")
        _STR_DTYPES[width] = StrDType(width)
        _STR_DTYPES[width].type = registered("scalars.str_")  # the scalar class (scalars.py)
    return _STR_DTYPES[width]


def is_str(dt: object) -> bool:
    return isinstance(dt, StrDType)


def check_text(value: str) -> str:
    """A str stored into a '<U' array: NumPy drops trailing NULs (and reads an inner one its C way)."""
    if "\0" in value:
        raise Refused("a string holding a NUL character")
    return str(value)


# The class of each dtype in numpy.dtypes (what its errors name).
DTYPE_CLASS = {"bool": "BoolDType", "int8": "Int8DType", "int16": "Int16DType", "int32": "Int32DType",
               "int64": "Int64DType", "uint8": "UInt8DType", "uint16": "UInt16DType", "uint32": "UInt32DType",
               "uint64": "UInt64DType", "float16": "Float16DType", "float32": "Float32DType",
               "float64": "Float64DType"}

BOOL = DType("bool", "b", 1, "?", 0)
INT8 = DType("int8", "i", 1, "b", 1)
INT16 = DType("int16", "i", 2, "h", 2)
INT32 = DType("int32", "i", 4, "i", 3)
INT64 = DType("int64", "i", 8, "l", 4)
UINT8 = DType("uint8", "u", 1, "B", 1)
UINT16 = DType("uint16", "u", 2, "H", 2)
UINT32 = DType("uint32", "u", 4, "I", 3)
UINT64 = DType("uint64", "u", 8, "L", 4)
FLOAT16 = DType("float16", "f", 2, "e", 1)
FLOAT32 = DType("float32", "f", 4, "f", 2)
FLOAT64 = DType("float64", "f", 8, "d", 3)
DTYPES = (BOOL, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, FLOAT16, FLOAT32, FLOAT64)
BY_NAME = {d.name: d for d in DTYPES}

# Every spelling np.dtype accepts for these (numpy 2 on a 64-bit Linux: 'long' is 64 bits).
_ALIASES: dict[str, DType] = {
    "?": BOOL, "b1": BOOL, "bool": BOOL, "bool_": BOOL,
    "b": INT8, "i1": INT8, "byte": INT8, "h": INT16, "i2": INT16, "short": INT16,
    "i": INT32, "i4": INT32, "intc": INT32, "l": INT64, "q": INT64, "i8": INT64, "int": INT64,
    "int_": INT64, "intp": INT64, "long": INT64, "longlong": INT64, "p": INT64,
    "B": UINT8, "u1": UINT8, "ubyte": UINT8, "H": UINT16, "u2": UINT16, "ushort": UINT16,
    "I": UINT32, "u4": UINT32, "uintc": UINT32, "L": UINT64, "Q": UINT64, "u8": UINT64,
    "uint": UINT64, "uintp": UINT64, "ulong": UINT64, "ulonglong": UINT64, "P": UINT64,
    "e": FLOAT16, "f2": FLOAT16, "half": FLOAT16, "f": FLOAT32, "f4": FLOAT32, "single": FLOAT32,
    "d": FLOAT64, "f8": FLOAT64, "float": FLOAT64, "double": FLOAT64,
}
_ALIASES.update(BY_NAME)
# Names NumPy knows but this model does not: refused, not "not understood".
_UNMODELLED = ("complex", "c8", "c16", "F", "D", "G", "g", "longdouble", "clongdouble",
               "S", "bytes", "object", "O", "V", "void", "datetime64", "timedelta64", "M", "m",
               "bfloat16", "float128", "f16", "a")


def dtype(obj: object = None, align: bool = False, copy: bool = False) -> DType:
    """np.dtype(obj) for the modelled dtypes; Refused for the others."""
    if isinstance(obj, DType):
        return obj
    if obj is None:
        return FLOAT64
    if isinstance(obj, DtypeText):
        name = str(obj)
        if name in BY_NAME:
            return BY_NAME[name]
        raise Refused(f"dtype {name} is not modelled")
    if isinstance(obj, type):
        if obj is str or obj is registered("scalars.str_"):
            return str_dtype(0)
        if obj is bool:
            return BOOL
        if obj is int:
            return INT64
        if obj is float:
            return FLOAT64
        found = getattr(obj, "_dtype", None)
        if isinstance(found, DType):
            return found
        if obj in (registered("scalars.integer"), registered("scalars.signedinteger")):
            raise TypeError("Converting 'np.integer' or 'np.signedinteger' to a dtype is not allowed")
        if obj in (registered("scalars.inexact"), registered("scalars.floating")):
            raise TypeError("Converting `np.inexact` or `np.floating` to a dtype not allowed")
        raise Refused(f"dtype({obj.__name__}) is not modelled")
    if isinstance(obj, str):
        text = obj
        if text[:1] in "<=|":
            text = text[1:]
        elif text[:1] == ">" and text[1:] not in ("b1", "i1", "u1", "?", "b", "B"):
            raise Refused("big-endian dtypes are not modelled")
        elif text[:1] == ">":
            text = text[1:]
        if text in _ALIASES:
            return _ALIASES[text]
        if text in ("U", "str") or (text[:1] == "U" and text[1:].isdigit()):
            return str_dtype(int(text[1:]) if text[:1] == "U" and text[1:] else 0)
        if text.rstrip("0123456789") in _UNMODELLED or text.startswith(("datetime64", "timedelta64")):
            raise Refused(f"dtype {obj!r} is not modelled")
        if "," in text or "[" in text or text.startswith(("(", "float", "int", "uint", "complex")):
            raise Refused(f"dtype {obj!r} is not modelled")
        raise TypeError(f"data type {obj!r} not understood")
    found = getattr(obj, "dtype", None)
    if found is not None and not isinstance(obj, (list, tuple)):
        return dtype(found)
    raise Refused(f"dtype({type(obj).__name__}) is not modelled")


def _float_rounder(code: str) -> Callable[[float], float]:
    packer = struct.Struct("<" + code)

    def rounded(value: float) -> float:
        try:
            return packer.unpack(packer.pack(value))[0]  # type: ignore[no-any-return]
        except OverflowError:  # rounds to +-inf (struct refuses what C's cast would make inf)
            return math.copysign(math.inf, value)
    return rounded


round_f16 = _float_rounder("e")
round_f32 = _float_rounder("f")


def bounds(dt: DType) -> tuple[int, int]:
    """The integer range of an integer (or bool) dtype."""
    if dt.kind == "u":
        return 0, (1 << dt.bits) - 1
    if dt.kind == "i":
        return -(1 << (dt.bits - 1)), (1 << (dt.bits - 1)) - 1
    return 0, 1


def wrap(value: int, dt: DType) -> int:
    """An integer reduced modulo 2**bits into the dtype's range (C's two's-complement cast)."""
    mask = (1 << dt.bits) - 1
    value &= mask
    if dt.kind == "i" and value >> (dt.bits - 1):
        value -= 1 << dt.bits
    return value


def round_float(value: float, dt: DType) -> float:
    if dt is FLOAT64:
        return value
    if dt is FLOAT32:
        return round_f32(value)
    return round_f16(value)


def cast(value: Any, dt: DType) -> Any:
    """One Python (or NumPy scalar) value as ``astype(dt)`` converts it (unsafe casting)."""
    if isinstance(value, registered("scalars.bool_")):
        value = value._value
    if isinstance(dt, StrDType) or isinstance(value, str):
        return _cast_text(value, dt)
    if dt is BOOL:
        return bool(value)
    if dt.kind in "iu":
        if isinstance(value, float):
            if not math.isfinite(value):
                raise Refused("casting a non-finite float to an integer is undefined")
            value = int(value)
            low, high = bounds(dt)
            if not low <= value <= high:
                # C leaves an out-of-range float-to-int cast undefined; only the 64-bit
                # wrap of an in-range int64 value is what NumPy does everywhere.
                if dt.bits == 64 or not -(1 << 63) <= value < (1 << 63):
                    raise Refused("an out-of-range float-to-integer cast is undefined")
                return wrap(value, dt)
            return value
        return wrap(int(value), dt)
    value = float(value) if not isinstance(value, int) or -(1 << 1023) < value < (1 << 1024) \
        else math.copysign(math.inf, value)
    return round_float(value, dt)


# String arrays enter only the functions known to treat them as NumPy does (``text_aware``):
# the others (sums, means...) would compute on str values what NumPy refuses or does otherwise.
_TEXT_AWARE = [0]


def text_aware(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Marks a function whose results on '<U' arrays are NumPy's (checked in tests/hostnp)."""
    def call(*args: Any, **kwargs: Any) -> Any:
        _TEXT_AWARE[0] += 1
        try:
            return fn(*args, **kwargs)
        finally:
            _TEXT_AWARE[0] -= 1
    call.__name__ = fn.__name__
    call.__qualname__ = fn.__qualname__
    call.__doc__ = fn.__doc__
    call.__wrapped__ = fn  # type: ignore[attr-defined]
    return call


def text_allowed() -> None:
    if not _TEXT_AWARE[0]:
        raise Refused("this operation on a string array is not modelled")


# The widths astype(str) gives each dtype: its longest str() (float's repr is NumPy's own: refused).
STR_WIDTHS = {"bool": 5, "int8": 4, "int16": 6, "int32": 11, "int64": 21, "uint8": 3, "uint16": 5,
              "uint32": 10, "uint64": 20}


def _cast_text(value: Any, dt: DType) -> Any:
    """A cast to or from '<U': a str truncated to the width; a bool / int as its str(); a string of
    ASCII digits to an integer (NumPy parses with Python's int()); the rest refused."""
    if isinstance(dt, StrDType):
        if dt.width == 0:
            raise Refused("a cast to the flexible string dtype")
        if isinstance(value, str):
            return check_text(value)[:dt.width]
        if isinstance(value, int):
            text_allowed()  # astype(str); np.zeros(3, 'U2') is '' not '0'
            return str(bool(value) if isinstance(value, bool) else int(value))[:dt.width]
        raise Refused(f"the text NumPy gives a {type(value).__name__} in a string array")
    if dt is BOOL:
        return bool(value)  # NumPy 2: a non-empty string is True ('0' and ' ' too)
    text = value.strip(" ")
    digits = text[1:] if text[:1] in "+-" else text
    if dt.kind in "iu" and digits and digits.isascii() and digits.isdigit():
        number = int(text)
        low, high = bounds(dt)
        if low <= number <= high:
            return number
        if -(1 << 63) <= number < (1 << 63):
            raise OverflowError(f"Python integer {number} out of bounds for {dt.name}")
    raise Refused(f"a cast of a string to {dt.name}")


# ---------------------------------------------------------------------------------------------
# promotion (NEP 50)

def promote_types(a: object, b: object) -> DType:
    """np.promote_types for two dtypes."""
    x, y = dtype(a), dtype(b)
    return _promote(x, y)


def _promote(x: DType, y: DType) -> DType:
    if x is y:
        return x
    if x.kind == "U" or y.kind == "U":
        if x.kind == y.kind:
            return x if x.itemsize >= y.itemsize else y
        raise Refused("promoting a string dtype with a number's")
    if x.kind == y.kind:
        return x if x.itemsize >= y.itemsize else y
    if x.kind == "b":
        return y
    if y.kind == "b":
        return x
    if x.kind == "f" or y.kind == "f":
        f, other = (x, y) if x.kind == "f" else (y, x)
        # An integer needs a float whose mantissa holds it: int8/uint8 -> float16,
        # int16/uint16 -> float32, wider -> float64.
        need = FLOAT16 if other.itemsize == 1 else FLOAT32 if other.itemsize == 2 else FLOAT64
        return f if f.itemsize >= need.itemsize else need
    signed, unsigned = (x, y) if x.kind == "i" else (y, x)
    if signed.itemsize > unsigned.itemsize:
        return signed
    if unsigned.itemsize == 8:
        return FLOAT64
    return BY_NAME[f"int{unsigned.bits * 2}"]


def is_python_scalar(value: object) -> bool:
    """A weak operand under NEP 50: a Python bool / int / float (not a NumPy scalar)."""
    return type(value) in (bool, int, float)


_WEAK_RANK = {bool: 0, int: 1, float: 2}


def weak_kind(value: object) -> str:
    return {bool: "b", int: "i", float: "f"}[type(value)]  # type: ignore[index]


def resolve_weak(strong: DType | None, kinds: list[str]) -> DType:
    """The dtype of strong dtypes (promoted to ``strong``) with weak Python scalars of ``kinds``."""
    if not kinds:
        assert strong is not None
        return strong
    top = max(kinds, key="bif".index)
    if strong is not None and strong.kind == "U":
        raise Refused("a string dtype with a Python number")
    if strong is None:
        return {"b": BOOL, "i": INT64, "f": FLOAT64}[top]
    if top == "b" or strong.kind == "f" or (top == "i" and strong.kind in "iu"):
        return strong
    if top == "i":  # bool with a Python int
        return INT64
    return _promote(strong, FLOAT64)  # an integer or bool with a Python float


def dtype_of(value: object) -> DType:
    """The dtype of an operand (an array, a NumPy scalar, anything with a dtype)."""
    if isinstance(value, registered("arrays.ndarray")):
        return value._dtype
    if isinstance(value, registered("scalars.generic")):
        return value._dtype
    if type(value) is bool:
        return BOOL
    if type(value) is int:
        return INT64
    if type(value) is float:
        return FLOAT64
    return dtype(value)


def result_type(*args: object) -> DType:
    """np.result_type: NumPy 2's promotion, Python scalars weak."""
    if not args:
        raise ValueError("at least one array or dtype is required")
    strong: DType | None = None
    kinds: list[str] = []
    for arg in args:
        if is_python_scalar(arg):
            kinds.append(weak_kind(arg))
            continue
        if isinstance(arg, (list, tuple)):
            raise Refused("result_type of a list (NumPy reads it as a structured dtype)")
        found = dtype_of(arg) if not isinstance(arg, (str, type)) else dtype(arg)
        strong = found if strong is None else _promote(strong, found)
    return resolve_weak(strong, kinds)


def can_cast(from_: object, to: object, casting: str = "safe") -> bool:
    if is_python_scalar(from_):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because the "
                        "result used to depend on the value.\nThis change was part of adopting "
                        "NEP 50, we may explicitly allow them again in the future.")
    source = dtype_of(from_) if not isinstance(from_, (str, type)) else dtype(from_)
    target = dtype(to)
    return can_cast_dtypes(source, target, casting)


def can_cast_dtypes(source: DType, target: DType, casting: str) -> bool:
    if casting in ("no", "equiv"):
        return source is target
    if casting == "unsafe":
        return True
    if casting == "safe":
        return _promote(source, target) is target
    if casting == "same_kind":
        if _promote(source, target) is target:
            return True
        order = "biuf"
        # Within a kind any size; down the kind order (float to int) never; int to uint never.
        if source.kind == target.kind:
            return True
        if source.kind == "u" and target.kind == "i":
            return True
        return order.index(source.kind) < order.index(target.kind) and not (
            source.kind == "i" and target.kind == "u")
    raise ValueError(f"casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got {casting!r})")


# ---------------------------------------------------------------------------------------------
# shapes

def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for index, shape in enumerate(shapes):
        for axis, size in enumerate(shape, ndim - len(shape)):
            if size == out[axis] or size == 1:
                continue
            if out[axis] == 1:
                out[axis] = size
                continue
            # NumPy names the first argument whose size clashes with the running shape's.
            first = next(i for i, s in enumerate(shapes)
                         if len(s) >= ndim - axis and s[axis - (ndim - len(s))] != 1)
            raise ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch "
                             f"is between arg {first} with shape {_shape_text(shapes[first])} and arg "
                             f"{index} with shape {_shape_text(shape)}.")
    return tuple(out)


def _shape_text(shape: tuple[int, ...]) -> str:
    return str(tuple(shape))


def _compact(shape: tuple[int, ...]) -> str:
    """A shape as NumPy's iterator errors print it: "(2,3)", "(3,)", "()"."""
    return "(" + ",".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


def normalize_axis(axis: object, ndim: int, msg_prefix: str | None = None) -> int:
    if isinstance(axis, (registered("scalars.bool_"), float)) or not isinstance(axis, int):
        if isinstance(axis, float):
            raise TypeError("'float' object cannot be interpreted as an integer")
        index = getattr(axis, "__index__", None)
        if index is None:
            raise TypeError(f"'{_type_name(axis)}' object cannot be interpreted as an integer")
        axis = index()
    assert isinstance(axis, int)
    if not -ndim <= axis < ndim:
        raise AxisError(int(axis), ndim, msg_prefix)
    return int(axis) % ndim if ndim else 0


def c_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    strides = []
    step = 1
    for size in reversed(shape):
        strides.append(step)
        step *= max(size, 1)
    return tuple(reversed(strides))


def size_of(shape: tuple[int, ...]) -> int:
    total = 1
    for size in shape:
        total *= size
    return total


def check_size(shape: tuple[int, ...]) -> int:
    total = size_of(shape)
    if total > MAX_SIZE:
        raise Refused(f"an array of {total} elements is larger than the model's {MAX_SIZE}")
    return total


def flat_offsets(offset: int, shape: tuple[int, ...], strides: tuple[int, ...]) -> list[int]:
    """The storage offsets of a strided view's elements, in C order."""
    offsets = [offset]
    for size, stride in zip(shape, strides, strict=False):
        offsets = [base + i * stride for base in offsets for i in range(size)]
    return offsets


def as_shape(shape: object, name: str = "shape") -> tuple[int, ...]:
    """A shape argument (an int or a sequence of ints) as a tuple, with NumPy's errors."""
    generic, ndarray = registered("scalars.generic"), registered("arrays.ndarray")
    if isinstance(shape, (int, generic)) and not isinstance(shape, (float, registered("scalars.floating"))):
        items: list[object] = [shape]
    elif isinstance(shape, (tuple, list)):
        items = list(shape)
    elif isinstance(shape, ndarray):
        if shape.dtype.kind == "U":
            raise Refused("a string array as a shape")
        items = shape.tolist() if shape.ndim == 1 else [shape]
    else:
        raise TypeError(f"'{_type_name(shape)}' object cannot be interpreted as an integer")
    out = []
    for item in items:
        if isinstance(item, (float, registered("scalars.bool_"))) or not isinstance(item, int):
            raise TypeError(f"'{_type_name(item)}' object cannot be interpreted as an integer")
        if item < 0:
            raise ValueError("negative dimensions are not allowed")
        out.append(int(item))
    if len(out) > 64:
        raise ValueError(f"maximum supported dimension for an ndarray is currently 64, found {len(out)}")
    return tuple(out)


def _type_name(value: object) -> str:
    if isinstance(value, registered("arrays.ndarray")) and value.dtype.kind == "U":
        raise Refused("a string array where NumPy wants an integer")  # NumPy's error is its ufuncs'
    if isinstance(value, (registered("scalars.generic"), registered("scalars.str_"))):
        return "numpy." + type(value).__name__
    return type(value).__name__
