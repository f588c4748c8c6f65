"""NumPy's ufuncs over the modelled dtypes: type resolution, broadcasting and each loop's values.

A ufunc picks its loop as NumPy 2 does: Python scalars are weak (NEP 50: ``int8_array + 1`` is
int8, ``int8_array + 300`` NumPy's OverflowError), then the first of NumPy's loops (its
``ufunc.types``, in order) every operand casts to safely. Integer results wrap at their width;
float32 / float16 results are the float64 result rounded (float16 through float32, as NumPy's
half loops compute in float), which is exact for the arithmetic NumPy does in those widths.
Division by zero gives NumPy's values (0 for integers, inf / nan for floats), without warnings.

Refused: ``out=``, ``where=``, ``signature=``, the transcendental functions on float16 / float32
(NumPy's own SIMD implementations are not correctly rounded the way libm's float64 ones are),
integer ``reciprocal`` of 0 and anything whose C result is undefined.

Above core (dtypes, scalars, arrays) and kernels.py; ufuncmethods.py (reduce / accumulate) above
it. The scalars' and the ndarray's operators run these ufuncs: each is registered in dtypes'
``REGISTRY`` as "ufuncs.<name>" when this module is imported (``np.where(c)`` runs the
registered "np.nonzero", which a module above this one defines).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from . import core
from . import kernels as K
from .core import (
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
    UFuncInputCastingError,
    UFuncNoLoopError,
    UFuncTypeError,
    ndarray,
)
from .dtypes import register, registered

_CHAR = {"?": BOOL, "b": INT8, "B": UINT8, "h": INT16, "H": UINT16, "i": INT32, "I": UINT32, "l": INT64,
         "L": UINT64, "q": INT64, "Q": UINT64, "e": FLOAT16, "f": FLOAT32, "d": FLOAT64}
_INTS = "bb BB hh HH ii II ll LL qq QQ"
_FLOATS = "ee ff dd"
_DTYPE_CLASS = core.DTYPE_CLASS

Loop = tuple[tuple[DType, ...], tuple[DType, ...]]


def _loops(text: str, nin: int, out: str | None = None) -> list[Loop]:
    """Loops from NumPy's type strings: "bb" with nin 2 is bb->b; ``out`` fixes the output."""
    loops = []
    for word in text.split():
        ins = tuple(_CHAR[c] for c in word[:nin])
        outs = tuple(_CHAR[c] for c in (word[nin:] or (out or word[0])))
        loops.append((ins, outs))
    return loops


def _unary(chars: str) -> str:
    return " ".join(chars)


# ---------------------------------------------------------------------------------------------
# the ufunc

Kernels = dict[str, Callable[..., Any]]


class ufunc:
    """One NumPy ufunc: its loops (in NumPy's order) and its value function per loop kind."""

    def __init__(self, name: str, nin: int, loops: list[Loop], kernels: Kernels, *, nout: int = 1,
                 identity: Any = None, exact: frozenset[str] = frozenset("biuf"),
                 strict: bool = False, with_dtype: frozenset[str] = frozenset(),
                 filtered: bool = False, weak_defaults: bool = False) -> None:
        self.__name__ = name
        self.nin = nin
        self.nout = nout
        self.nargs = nin + nout
        self._loops = loops
        self._kernels = kernels
        self.identity = identity
        # The loop kinds whose results are libm-exact at every width (others refuse float16/32).
        self._exact = exact
        # Kernels that return only exact results: float16 / float32 take them when representable.
        self._filtered = filtered
        # NumPy 2's new-style loops (gcd, sign...): no casting to a loop of another kind.
        self._strict = strict
        self._with_dtype = with_dtype
        # Loops of mixed kinds (ldexp's float and int): a Python scalar is its default dtype.
        self._weak_defaults = weak_defaults
        self.types = [("".join(d.char for d in ins) + "->" + "".join(d.char for d in outs))
                      for ins, outs in loops]
        self.ntypes = len(loops)

    def __repr__(self) -> str:
        return f"<ufunc '{self.__name__}'>"

    # -- type resolution

    def _operand_dtypes(self, operands: list[Any]) -> list[DType]:
        if self._weak_defaults:
            return _legacy_dtypes(self.__name__, operands)
        strong: DType | None = None
        for op in operands:
            if not core.is_python_scalar(op):
                strong = op._dtype if strong is None else core._promote(strong, op._dtype)
        return [core.resolve_weak(strong, [core.weak_kind(op)]) if core.is_python_scalar(op)
                else op._dtype for op in operands]

    def _no_loop(self, operands: list[Any]) -> UFuncTypeError:
        names = []
        for op in operands:
            if op is None:
                names.append("None")  # (a reduce's missing first input)
            elif type(op) is int:
                names.append("<class 'numpy.dtypes._PyLongDType'>")
            elif type(op) is float:
                names.append("<class 'numpy.dtypes._PyFloatDType'>")
            else:
                dt = core.BOOL if type(op) is bool else op._dtype
                names.append(f"<class 'numpy.dtypes.{_DTYPE_CLASS[dt.name]}'>")
        text = names[0] if len(names) == 1 else "(" + ", ".join(names) + ")"
        return UFuncNoLoopError(f"ufunc '{self.__name__}' did not contain a loop with signature matching "
                              f"types {text} -> None")

    def resolve(self, operands: list[Any], dt: DType | None = None, casting: str = "same_kind") -> Loop:
        dts = self._operand_dtypes(operands)
        name = self.__name__
        if BOOL in dts and all(d is BOOL for d in dts):
            if name == "subtract":
                raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                                "bitwise_xor, the `^` operator, or the logical_xor function instead.")
            if name == "negative":
                raise TypeError("The numpy boolean negative, the `-` operator, is not supported, use "
                                "the `~` operator or the logical_not function instead.")
        if self._strict:
            # NumPy 2's new-style loops: the operands' common dtype must have a loop itself.
            strong = [op._dtype for op in operands if not core.is_python_scalar(op)]
            common = core.resolve_weak(core.result_type(*strong) if strong else None,
                                       [core.weak_kind(op) for op in operands if core.is_python_scalar(op)])
            if common.kind not in self._with_dtype:
                raise self._no_loop(operands)
        if dt is not None:
            for ins, outs in self._loops:
                if outs[0] is dt and all(i is dt for i in ins):
                    for index, (source, target) in enumerate(zip(dts, ins, strict=False)):
                        if not core.can_cast_dtypes(source, target, casting):
                            raise UFuncInputCastingError(
                                f"Cannot cast ufunc '{name}' input {index} from {source!r} to "
                                f"{target!r} with casting rule '{casting}'")
                    return ins, outs
            raise Refused(f"{name} with dtype={dt.name}")
        if name in ("divide", "true_divide") and all(d.kind in "biu" for d in dts):
            return (FLOAT64, FLOAT64), (FLOAT64,)
        for ins, outs in self._loops:
            if all(core.can_cast_dtypes(d, i, "safe") for d, i in zip(dts, ins, strict=False)):
                return ins, outs
        raise TypeError(f"ufunc '{name}' not supported for the input types, and the inputs could not be "
                        "safely coerced to any supported types according to the casting rule ''safe''")

    # -- calling

    @core.text_aware
    def __call__(self, *args: Any, out: Any = None, where: Any = True, dtype: Any = None,
                 casting: str = "same_kind", order: str = "K", subok: bool = True,
                 signature: Any = None) -> Any:
        if len(args) > self.nin:
            extra = args[self.nin:]
            if len(args) <= self.nin + self.nout and all(a is None for a in extra):
                args = args[:self.nin]
            elif len(args) <= self.nin + self.nout and not any(isinstance(a, ndarray) for a in extra):
                raise TypeError("return arrays must be of ArrayType")
            elif len(args) <= self.nin + self.nout:
                raise Refused("a ufunc's out given positionally")
        if len(args) != self.nin:
            given = f"{len(args)} was given" if len(args) == 1 else f"{len(args)} were given"
            raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nin + self.nout} positional "
                            f"arguments but {given}")
        if out is not None:
            raise Refused("a ufunc's out=")
        if where is not True:
            raise Refused("a ufunc's where=")
        if signature is not None:
            raise Refused("a ufunc's signature=")
        operands = [_operand(a) for a in args]
        if any(not core.is_python_scalar(op) and op._dtype.kind == "U" for op in operands):
            return _text_ufunc(self.__name__, operands, dtype, casting)
        target = core.dtype(dtype) if dtype is not None else None
        ins, outs = self.resolve(operands, target, casting)
        results = self._apply(operands, ins, outs)
        if self.nout == 1:
            return results[0]
        return tuple(results)

    def _apply(self, operands: list[Any], ins: tuple[DType, ...], outs: tuple[DType, ...]) -> list[Any]:
        shape = broadcast_operands(operands)
        size = core.check_size(shape)
        comparison = outs[0] is BOOL and self.__name__ in _COMPARISONS
        columns = []
        for op, dt in zip(operands, ins, strict=False):
            if core.is_python_scalar(op):
                value = _weak_value(op, dt, comparison)
                columns.append([value] * size)
            else:
                values = _broadcast_values(op, shape)
                if op._dtype is not dt and not (comparison and op._dtype.kind in "iu" and dt.kind in "iu"):
                    values = [core.cast(v, dt) for v in values]
                columns.append(values)
        kind = ins[0].kind
        if kind == "u":
            kind = "i"
        if comparison:
            kind = "f" if any(d.kind == "f" for d in ins) else kind
        kernel = self._kernels.get(kind)
        if kernel is None:
            raise Refused(f"{self.__name__} on {ins[0].name}")
        narrow = kind == "f" and ins[0] is not FLOAT64 and "F" not in self._exact
        if narrow and not self._filtered:
            raise Refused(f"{self.__name__} on {ins[0].name}: NumPy's own implementation's rounding")
        if self.__name__ in _TYPED:
            raw = [kernel(*row, ins[0]) for row in zip(*columns, strict=False)] if columns else []
        else:
            raw = [kernel(*row) for row in zip(*columns, strict=False)]
        if self.nout == 1:
            store = _storer(outs[0])
            values = [store(v) for v in raw] if store else raw
            if narrow and any(v != w and v == v for v, w in zip(raw, values, strict=False)):
                raise Refused(f"{self.__name__} on {ins[0].name}: a result NumPy's own implementation rounds")
            return [core.scalar_or_array(values, shape, outs[0])]
        results = []
        for index, dt in enumerate(outs):
            store = _storer(dt)
            part = [v[index] for v in raw]
            results.append(core.scalar_or_array([store(v) for v in part] if store else part, shape, dt))
        return results

    # -- methods

    def reduce(self, array: Any, axis: Any = 0, dtype: Any = None, out: Any = None, keepdims: bool = False,
               initial: Any = core._NoValue, where: Any = True) -> Any:
        from .ufuncmethods import reduce
        return reduce(self, array, axis, dtype, out, keepdims, initial, where)

    def accumulate(self, array: Any, axis: int = 0, dtype: Any = None, out: Any = None) -> Any:
        from .ufuncmethods import accumulate
        return accumulate(self, array, axis, dtype, out)

    def outer(self, a: Any, b: Any, **kwargs: Any) -> Any:
        if self.nin != 2:
            raise ValueError("outer product only supported for binary functions")
        left, right = core.asarray(a), core.asarray(b)  # both strong: outer makes arrays of them
        return self(left.reshape(left._shape + (1,) * right.ndim), right, **kwargs)

    def at(self, *args: Any, **kwargs: Any) -> None:
        raise Refused("ufunc.at")

    def reduceat(self, array: Any, indices: Any, axis: int = 0, dtype: Any = None, out: Any = None) -> Any:
        from .ufuncmethods import reduceat
        return reduceat(self, array, indices, axis, dtype, out)


_CATEGORY = {"b": 0, "i": 1, "u": 1, "f": 2}


def _legacy_dtypes(name: str, operands: list[Any]) -> list[DType]:
    """The operand dtypes of NumPy's legacy type resolver (ldexp's): a Python scalar whose kind
    is no higher than every other operand's counts by its value (its smallest dtype), else as
    its default dtype (int64, float64)."""
    if any(type(op) is int and not -(1 << 63) <= op < (1 << 63) for op in operands):
        raise Refused(f"{name} of a Python int past int64")
    strong = [op._dtype for op in operands if not core.is_python_scalar(op)]
    top = max((_CATEGORY[d.kind] for d in strong), default=-1)
    out = []
    for op in operands:
        dt = core.dtype_of(op)
        if core.is_python_scalar(op) and _CATEGORY[dt.kind] <= top:
            dt = _smallest(op)
        out.append(dt)
    return out


def _smallest(value: Any) -> DType:
    """np.min_scalar_type of a Python scalar."""
    if type(value) is bool:
        return BOOL
    if type(value) is int:
        for bits, unsigned, signed in ((8, UINT8, INT8), (16, UINT16, INT16), (32, UINT32, INT32)):
            if 0 <= value < (1 << bits):
                return unsigned
            if -(1 << (bits - 1)) <= value < 0:
                return signed
        return UINT64 if value >= 0 else INT64
    if math.isnan(value) or math.isinf(value) or -65000 < value < 65000:
        return FLOAT16
    return FLOAT32 if -3.4e38 < value < 3.4e38 else FLOAT64


# Kernels that take the loop's dtype (integer width, or a float constant of that width).
def broadcast_operands(operands: list[Any]) -> tuple[int, ...]:
    """The operands' broadcast shape, or the ValueError NumPy's iterator gives."""
    shapes = [() if core.is_python_scalar(op) else op._shape for op in operands]
    try:
        return core.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError("operands could not be broadcast together with shapes "
                         + " ".join(core._compact(s) for s in shapes) + " ") from None


_TYPED = frozenset(("power", "left_shift", "right_shift", "degrees", "radians", "rad2deg", "deg2rad",
                    "floor_divide", "remainder", "divmod", "nextafter", "spacing"))
_COMPARISONS = frozenset(("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"))


def _text_ufunc(name: str, operands: list[Any], dt: Any, casting: str) -> Any:
    """The string loops NumPy 2 has for '<U' operands that this model knows: the comparisons
    (code point order, as Python's str) and add (concatenation, the widths summed)."""
    if dt is not None or casting != "same_kind":
        raise Refused(f"{name} of strings with dtype= or casting=")
    if not all(not core.is_python_scalar(op) and op._dtype.kind == "U" for op in operands):
        raise Refused(f"{name} of a string and a number")
    compare = {"equal": "__eq__", "not_equal": "__ne__", "less": "__lt__", "less_equal": "__le__",
               "greater": "__gt__", "greater_equal": "__ge__"}
    if name not in compare and name != "add":
        raise Refused(f"the string loop of {name}")
    shape = broadcast_operands(operands)
    core.check_size(shape)
    left, right = (_broadcast_values(op, shape) for op in operands)
    if name == "add":
        width = operands[0]._dtype.width + operands[1]._dtype.width
        return core.scalar_or_array([a + b for a, b in zip(left, right, strict=True)], shape,
                                    core.str_dtype(width))
    method = compare[name]
    values = [bool(getattr(a, method)(b)) for a, b in zip(left, right, strict=True)]
    return core.scalar_or_array(values, shape, BOOL)


def _operand(value: Any) -> Any:
    """A ufunc argument: a Python scalar stays (weak), anything else becomes an array."""
    if core.is_python_scalar(value):
        return value
    return core.asarray(value)


def _weak_value(value: Any, dt: DType, comparison: bool) -> Any:
    if type(value) is int:
        if dt.kind in "iu":
            if comparison:
                return value  # NumPy 2 compares Python ints exactly, in range or not
            if not -(1 << 63) <= value < (1 << 64) or (dt is not UINT64 and value >= (1 << 63)):
                raise OverflowError("Python int too large to convert to C long")
            low, high = core.bounds(dt)
            if not low <= value <= high:
                raise OverflowError(f"Python integer {value} out of bounds for {dt.name}")
            return value
        return core.cast(value, dt)
    return core.cast(value, dt)


def _broadcast_values(array: ndarray, shape: tuple[int, ...]) -> list[Any]:
    if array._shape == shape:
        return array.flat_values()
    pad = len(shape) - array.ndim
    strides = (0,) * pad + tuple(0 if size == 1 else stride
                                 for size, stride in zip(array._shape, array._strides, strict=True))
    data = array._data
    return [data[i] for i in core.flat_offsets(array._offset, shape, strides)]


def _storer(dt: DType) -> Callable[[Any], Any] | None:
    """How a loop's raw Python result becomes a value of the output dtype."""
    if dt is BOOL:
        return bool
    if dt.kind in "iu":
        return lambda v: core.wrap(v, dt)
    if dt is FLOAT32:
        return core.round_f32
    if dt is FLOAT16:
        return lambda v: core.round_f16(core.round_f32(v))
    return None


# ---------------------------------------------------------------------------------------------
# the table

def _float_kernel(fn: Callable[..., float]) -> Kernels:
    return {"f": fn}


_ARITH = "?? " + _INTS + " " + _FLOATS
_ALL1 = _unary("?bBhHiIlLqQefd")
_NUM1 = _unary("bBhHiIlLqQefd")
_INT1 = _unary("?bBhHiIlLqQ")
_FLT1 = _unary("efd")
_CMP = "?? " + _INTS + " qQ Qq " + _FLOATS
_EXACT = frozenset("biufF")  # "F": float16 / float32 results are the rounded float64 one


def _make() -> dict[str, ufunc]:
    u: dict[str, ufunc] = {}

    def add(name: str, nin: int, loops: list[Loop], kernels: Kernels, **kw: Any) -> None:
        u[name] = ufunc(name, nin, loops, kernels, **kw)

    both = {"b": lambda x, y: x or y, "i": lambda x, y: x + y, "f": lambda x, y: x + y}
    add("add", 2, _loops(_ARITH, 2), both, identity=0, exact=_EXACT)
    add("subtract", 2, _loops(_INTS + " " + _FLOATS, 2), {"i": lambda x, y: x - y, "f": lambda x, y: x - y},
        exact=_EXACT)
    add("multiply", 2, _loops(_ARITH, 2),
        {"b": lambda x, y: x and y, "i": lambda x, y: x * y, "f": lambda x, y: x * y}, identity=1,
        exact=_EXACT)
    add("divide", 2, _loops(_FLOATS, 2), {"f": K._true_divide}, exact=_EXACT)
    add("floor_divide", 2, _loops(_INTS + " " + _FLOATS, 2),
        {"i": K._int_floor_divide, "f": K._float_floor_divide},
        exact=_EXACT)
    add("remainder", 2, _loops(_INTS + " " + _FLOATS, 2), {"i": K._int_remainder, "f": K._float_remainder},
        exact=_EXACT)
    add("fmod", 2, _loops(_INTS + " " + _FLOATS, 2), {"i": K._int_fmod, "f": K._float_fmod}, exact=_EXACT)
    add("power", 2, _loops(_INTS + " " + _FLOATS, 2), {"i": K._int_power, "f": K._int_power}, filtered=True)
    add("float_power", 2, _loops("dd", 2), {"f": K.power}, filtered=True)
    add("divmod", 2, _loops(" ".join(w + w for w in (_INTS + " " + _FLOATS).split()), 2),
        {"i": lambda x, y, dt: (K._int_floor_divide(x, y), K._int_remainder(x, y)), "f": K._float_divmod},
        nout=2, exact=_EXACT)
    add("negative", 1, _loops(_NUM1, 1), {"i": lambda x: -x, "f": lambda x: -x}, exact=_EXACT)
    add("positive", 1, _loops(_NUM1, 1), {"i": lambda x: x, "f": lambda x: x}, exact=_EXACT,
        strict=True, with_dtype=frozenset("iuf"))
    add("absolute", 1, _loops(_ALL1, 1), {"b": lambda x: x, "i": abs, "f": abs}, exact=_EXACT)
    add("fabs", 1, _loops(_FLT1, 1), {"f": abs}, exact=_EXACT)
    add("sign", 1, _loops(_NUM1, 1), {"i": K._sign, "f": K._sign}, exact=_EXACT, strict=True,
        with_dtype=frozenset("iuf"))
    add("square", 1, _loops(_NUM1, 1), {"i": lambda x: x * x, "f": lambda x: x * x}, exact=_EXACT)
    add("reciprocal", 1, _loops(_NUM1, 1), {"i": K._int_reciprocal, "f": lambda x: K._true_divide(1.0, x)},
        exact=_EXACT)
    add("sqrt", 1, _loops(_FLT1, 1), {"f": K._libm(math.sqrt)}, exact=_EXACT)
    for name in ("cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
                 "arcsin",
                 "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh"):
        add(name, 1, _loops(_FLT1, 1), {"f": getattr(K, name)}, filtered=True)
    add("arctan2", 2, _loops(_FLOATS, 2), {"f": K.arctan2}, filtered=True)
    add("hypot", 2, _loops(_FLOATS, 2), {"f": K.hypot}, filtered=True)
    for name, degrees in (("degrees", True), ("radians", False), ("rad2deg", True), ("deg2rad", False)):
        add(name, 1, _loops(_FLT1, 1), {"f": (lambda d: lambda x, dt: x * K.angle_constant(dt, d))(degrees)},
            exact=_EXACT)
    add("logaddexp", 2, _loops(_FLOATS, 2), {"f": K._logaddexp})
    add("logaddexp2", 2, _loops(_FLOATS, 2), {"f": K._logaddexp2})
    rounders = {"floor": math.floor, "ceil": math.ceil, "trunc": math.trunc, "rint": round}
    for name, fn in rounders.items():
        text = _FLT1 if name == "rint" else _ALL1
        add(name, 1, _loops(text, 1), {"b": lambda x: x, "i": lambda x: x, "f": K._rounder(fn)}, exact=_EXACT)
    for name, fn in (("maximum", K._maximum), ("minimum", K._minimum), ("fmax", K._fmax), ("fmin", K._fmin)):
        add(name, 2, _loops(_ARITH, 2), {"b": fn, "i": fn, "f": fn}, exact=_EXACT)
    add("gcd", 2, _loops(_INTS, 2), {"i": math.gcd}, strict=True, with_dtype=frozenset("iu"), identity=0)
    add("lcm", 2, _loops(_INTS, 2), {"i": K._lcm}, strict=True, with_dtype=frozenset("iu"))
    bitwise = "?? " + _INTS
    add("bitwise_and", 2, _loops(bitwise, 2), {"b": lambda x, y: x and y, "i": lambda x, y: x & y},
        identity=-1)
    add("bitwise_or", 2, _loops(bitwise, 2), {"b": lambda x, y: x or y, "i": lambda x, y: x | y}, identity=0)
    add("bitwise_xor", 2, _loops(bitwise, 2), {"b": lambda x, y: x != y, "i": lambda x, y: x ^ y}, identity=0)
    add("invert", 1, _loops(_INT1, 1), {"b": lambda x: not x, "i": lambda x: ~x})
    add("left_shift", 2, _loops(_INTS, 2), {"i": K._shift_left})
    add("right_shift", 2, _loops(_INTS, 2), {"i": K._shift_right})
    logical = " ".join(w + "?" for w in ("?? " + _INTS + " " + _FLOATS).split())
    add("logical_and", 2, _loops(logical, 2), {k: lambda x, y: bool(x) and bool(y) for k in "bif"},
        identity=True, exact=_EXACT)
    add("logical_or", 2, _loops(logical, 2), {k: lambda x, y: bool(x) or bool(y) for k in "bif"},
        identity=False, exact=_EXACT)
    add("logical_xor", 2, _loops(logical, 2), {k: lambda x, y: bool(x) != bool(y) for k in "bif"},
        identity=False, exact=_EXACT)
    add("logical_not", 1, _loops(" ".join(c + "?" for c in "?bBhHiIlLqQefd"), 1),
        {k: lambda x: not x for k in "bif"}, exact=_EXACT)
    compare = " ".join(w + "?" for w in _CMP.split())
    ops: dict[str, Callable[[Any, Any], bool]] = {
        "equal": lambda x, y: x == y, "not_equal": lambda x, y: x != y, "less": lambda x, y: x < y,
        "less_equal": lambda x, y: x <= y, "greater": lambda x, y: x > y,
        "greater_equal": lambda x, y: x >= y}
    for name, fn in ops.items():
        add(name, 2, _loops(compare, 2), {k: fn for k in "bif"}, exact=_EXACT)
    predicates = " ".join(c + "?" for c in "?bBhHiIlLqQefd")
    add("isnan", 1, _loops(predicates, 1), {"b": lambda x: False, "i": lambda x: False, "f": math.isnan},
        exact=_EXACT)
    add("isinf", 1, _loops(predicates, 1), {"b": lambda x: False, "i": lambda x: False, "f": math.isinf},
        exact=_EXACT)
    add("isfinite", 1, _loops(predicates, 1), {"b": lambda x: True, "i": lambda x: True, "f": math.isfinite},
        exact=_EXACT)
    add("signbit", 1, _loops("e? f? d?", 1), {"f": lambda x: math.copysign(1.0, x) < 0}, exact=_EXACT)
    add("copysign", 2, _loops(_FLOATS, 2), {"f": math.copysign}, exact=_EXACT)
    add("heaviside", 2, _loops(_FLOATS, 2), {"f": K._heaviside}, exact=_EXACT)
    add("nextafter", 2, _loops(_FLOATS, 2), {"f": K._nextafter}, exact=_EXACT)
    add("spacing", 1, _loops(_FLT1, 1), {"f": K._spacing}, exact=_EXACT)
    add("frexp", 1, _loops("eei ffi ddi", 1), {"f": K._frexp}, nout=2, exact=_EXACT)
    add("ldexp", 2, _loops("eie fif ele flf did dld", 2), {"f": K._ldexp}, exact=_EXACT, weak_defaults=True)
    add("modf", 1, _loops("eee fff ddd", 1), {"f": K._modf}, nout=2, exact=_EXACT)
    add("bitwise_count", 1, _loops(" ".join(c + "B" for c in "bBhHiIlLqQ"), 1),
        {"i": lambda x: bin(x).count("1")})
    return u





UFUNCS = _make()
globals().update(UFUNCS)
divide = UFUNCS["divide"]
mod = UFUNCS["remainder"]
bitwise_not = UFUNCS["invert"]
absolute = UFUNCS["absolute"]
add = UFUNCS["add"]
subtract = UFUNCS["subtract"]
multiply = UFUNCS["multiply"]
true_divide = UFUNCS["divide"]
floor_divide = UFUNCS["floor_divide"]
remainder = UFUNCS["remainder"]
power = UFUNCS["power"]
negative = UFUNCS["negative"]
positive = UFUNCS["positive"]
invert = UFUNCS["invert"]
bitwise_and = UFUNCS["bitwise_and"]
bitwise_or = UFUNCS["bitwise_or"]
bitwise_xor = UFUNCS["bitwise_xor"]
left_shift = UFUNCS["left_shift"]
right_shift = UFUNCS["right_shift"]
equal = UFUNCS["equal"]
not_equal = UFUNCS["not_equal"]
less = UFUNCS["less"]
less_equal = UFUNCS["less_equal"]
greater = UFUNCS["greater"]
greater_equal = UFUNCS["greater_equal"]
maximum = UFUNCS["maximum"]
minimum = UFUNCS["minimum"]
isnan = UFUNCS["isnan"]
isfinite = UFUNCS["isfinite"]
logical_and = UFUNCS["logical_and"]
logical_or = UFUNCS["logical_or"]
rint = UFUNCS["rint"]
divmod_ = UFUNCS["divmod"]
# The ufuncs the operators of the scalars and the ndarray run (scalars.py, arrays.py: below this
# module), by NumPy's name ("ufuncs.add", "ufuncs.divide", "ufuncs.divmod"...).
for _key, _value in UFUNCS.items():
    register(f"ufuncs.{_key}", _value)
del _key, _value


# ---------------------------------------------------------------------------------------------
# functions built on the ufuncs

def _power_of_ten(n: int) -> float:
    # NumPy's power_of_ten: a table to 1e8, then repeated multiplication.
    if n < 9:
        return (1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8)[n]
    value = 1e9
    while n > 9:
        value *= 10.0
        n -= 1
    return value


def round_(a: Any, decimals: Any = 0, out: Any = None) -> Any:
    """np.round / np.around (PyArray_Round): multiply, rint, divide by a power of ten."""
    if out is not None:
        raise Refused("round with out=")
    decimals = core.normalize_int(decimals)
    arr = core.asarray(a)
    scalar = not isinstance(a, ndarray)
    dt = arr._dtype
    if dt is BOOL:
        raise Refused("round of a bool array")
    if decimals >= 0:
        if dt.kind in "iu":
            result = arr.copy()
            return core.to_scalar(result.flat_values()[0], dt) if scalar and not arr._shape else result
        first, second = multiply, true_divide
    else:
        first, second = true_divide, multiply
        decimals = -decimals
    factor = _power_of_ten(decimals)
    work = arr if dt.kind == "f" else arr.astype(FLOAT64)
    scaled = first(work, factor)
    rounded = rint(scaled)
    result = second(rounded, factor)
    result = core.asarray(result)
    if dt.kind in "iu":
        result = result.astype(dt)
    if not result._shape:
        return core.to_scalar(result.flat_values()[0], result._dtype)
    return result


def clip(a: Any, a_min: Any = core._NoValue, a_max: Any = core._NoValue, out: Any = None, *,
         min: Any = core._NoValue, max: Any = core._NoValue, **kwargs: Any) -> Any:
    """np.clip: maximum then minimum in the operands' common dtype; a Python int bound out of an
    integer dtype's range clips nothing (NumPy 2 compares it exactly), so it is clamped first."""
    if out is not None or kwargs:
        raise Refused("clip with out= or ufunc keywords")
    low = a_min if a_min is not core._NoValue else min if min is not core._NoValue else None
    high = a_max if a_max is not core._NoValue else max if max is not core._NoValue else None
    if low is None and high is None:
        return core.asarray(a).copy() if isinstance(a, ndarray) else _operand_scalar(a)
    operand = _operand(a)
    parts = [operand] + [_operand(p) for p in (low, high) if p is not None]
    dt = core.result_type(*parts)
    bounds = core.bounds(dt) if dt.kind in "iu" else None

    def bound(value: Any, lower: bool) -> Any:
        if value is None or bounds is None or type(value) is not int:
            return None if value is None else _operand(value)
        if value < bounds[0]:
            if not lower:
                raise Refused("a clip bound below the dtype's range")
            return bounds[0]
        if value > bounds[1]:
            if lower:
                raise Refused("a clip bound above the dtype's range")
            return bounds[1]
        return value

    lo, hi = bound(low, True), bound(high, False)
    result = operand
    if lo is not None:
        result = maximum(result, lo, dtype=dt)
    if hi is not None:
        result = minimum(result, hi, dtype=dt)
    return result


def _operand_scalar(a: Any) -> Any:
    arr = core.asarray(a)
    return core.to_scalar(arr.flat_values()[0], arr._dtype) if not arr._shape else arr


@core.text_aware
def where(condition: Any, x: Any = core._NoValue, y: Any = core._NoValue) -> Any:
    if x is core._NoValue and y is core._NoValue:
        return registered("np.nonzero")(condition)
    if x is core._NoValue or y is core._NoValue:
        raise ValueError("either both or neither of x and y should be given")
    cond = core.asarray(condition)
    left, right = _operand(x), _operand(y)
    dt = core.result_type(left, right)
    shape = broadcast_operands([cond, left, right])
    core.check_size(shape)
    columns = []
    for v in (left, right):
        if core.is_python_scalar(v):
            columns.append([_weak_value(v, dt, False)] * core.size_of(shape))
        else:
            values = _broadcast_values(v, shape)
            columns.append(values if v._dtype is dt else [core.cast(e, dt) for e in values])
    flags = _broadcast_values(cond, shape)
    values = [a if bool(c) else b for c, a, b in zip(flags, columns[0], columns[1], strict=False)]
    return core.make(values, shape, dt)


def isclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> Any:
    """NumPy 2's isclose, step by step (its order of operations is its rounding)."""
    x, y, tol_a, tol_r = (v if type(v) in (int, float) else core.asarray(v) for v in (a, b, atol, rtol))
    if isinstance(y, ndarray):
        y = core.asarray(y, dtype=core.result_type(y, 1.0))
    elif isinstance(y, int):
        y = float(y)
    result = logical_or(bitwise_and(less_equal(absolute(subtract(x, y)),
                                               add(tol_a, multiply(tol_r, absolute(y)))),
                                    isfinite(y)), equal(x, y))
    if equal_nan:
        result = bitwise_or(result, bitwise_and(isnan(x), isnan(y)))
    return result


def allclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> bool:
    result = core.asarray(isclose(a, b, rtol, atol, equal_nan))
    return bool(all(result.flat_values()))


def array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> bool:
    try:
        x, y = core.asarray(a1), core.asarray(a2)
    except Exception:
        return False
    if x._shape != y._shape:
        return False
    same = core.asarray(equal(x, y)).flat_values()
    if equal_nan:
        nan_x = core.asarray(isnan(x)).flat_values()
        nan_y = core.asarray(isnan(y)).flat_values()
        same = [s or (p and q) for s, p, q in zip(same, nan_x, nan_y, strict=False)]
    return bool(all(same))


def array_equiv(a1: Any, a2: Any) -> bool:
    try:
        x, y = core.asarray(a1), core.asarray(a2)
    except Exception:
        return False
    try:
        core.broadcast_shapes(x._shape, y._shape)
    except ValueError:
        return False
    return bool(all(core.asarray(equal(x, y)).flat_values()))


EXPORTS: dict[str, object] = dict(UFUNCS)
EXPORTS.update({
    "ufunc": ufunc, "true_divide": divide, "mod": mod, "bitwise_not": bitwise_not, "abs": absolute,
    "bitwise_invert": invert,
    "bitwise_left_shift": left_shift, "bitwise_right_shift": right_shift, "pow": power,
    "acos": UFUNCS["arccos"], "asin": UFUNCS["arcsin"], "atan": UFUNCS["arctan"], "atan2": UFUNCS["arctan2"],
    "acosh": UFUNCS["arccosh"], "asinh": UFUNCS["arcsinh"], "atanh": UFUNCS["arctanh"],
    "round": round_, "around": round_, "clip": clip, "where": where, "isclose": isclose,
    "allclose": allclose, "array_equal": array_equal, "array_equiv": array_equiv,
})
