"""The value functions of the ufunc loops: one Python value (or two) in, NumPy's result out.

Arithmetic follows C / IEEE (division by zero, signed zeros, NaN), integer results are wrapped
by the caller. The transcendental functions (exp, log, sin, power...) are where NumPy's results
depend on the machine: NumPy calls its own SIMD implementations (SVML on AVX-512) whose last bit
differs from the C library's, so these return only results that are exact (``log2(8.0)``,
``exp(0.0)``, ``power(3.0, 2)``, the IEEE special values) and refuse the rest.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .core import DType, Refused

if TYPE_CHECKING:
    from fractions import Fraction


def _fraction(value: float) -> Fraction:
    from fractions import Fraction  # only the exactness checks need it: not imported at start-up
    return Fraction(value)


def _is_nan(x: Any) -> bool:
    return isinstance(x, float) and x != x


def _c_pow(x: float, y: float) -> float:
    try:
        return math.pow(x, y)
    except OverflowError:
        odd = y == math.floor(y) and math.fmod(y, 2.0) != 0
        return -math.inf if x < 0 and odd else math.inf
    except ValueError:
        if x == 0:
            odd = y == math.floor(y) and math.fmod(y, 2.0) != 0
            return math.copysign(math.inf, x) if odd else math.inf
        return math.nan


def _true_divide(x: float, y: float) -> float:
    if y == 0:
        if x == 0 or x != x:
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return x / y


def _c_fmod(x: float, y: float) -> float:
    if y == 0 or math.isinf(x) or x != x or y != y:
        return math.nan
    return math.fmod(x, y)


def _c_floor(x: float) -> float:
    if not math.isfinite(x):
        return x
    return math.copysign(0.0, x) if x == 0 else float(math.floor(x))


def float_divmod(a: float, b: float, r: Callable[[float], float]) -> tuple[float, float]:
    """NumPy's npy_divmod, each operation rounded by ``r`` (its float32 loop computes in float)."""
    mod = _c_fmod(a, b)
    if b == 0:
        return _true_divide(a, b), mod
    div = r(r(a - mod) / b)
    if mod:
        if (b < 0) != (mod < 0):
            mod = r(mod + b)
            div = r(div - 1.0)
    else:
        mod = math.copysign(0.0, b)
    if div:
        floordiv = _c_floor(div)
        if r(div - floordiv) > 0.5:
            floordiv = r(floordiv + 1.0)
    else:
        floordiv = math.copysign(0.0, _true_divide(a, b))
    return floordiv, mod


def _width(dt: DType | None) -> Callable[[float], float]:
    from .core import FLOAT64, round_f32
    return (lambda v: v) if dt is None or dt is FLOAT64 else round_f32


def _float_floor_divide(x: float, y: float, dt: DType | None = None) -> float:
    if y == 0:
        return _true_divide(x, y)
    return float_divmod(x, y, _width(dt))[0]


def _float_remainder(x: float, y: float, dt: DType | None = None) -> float:
    if y == 0:
        return math.nan
    return float_divmod(x, y, _width(dt))[1]


def _float_divmod(x: float, y: float, dt: DType | None = None) -> tuple[float, float]:
    return _float_floor_divide(x, y, dt), _float_remainder(x, y, dt)


def _int_floor_divide(x: int, y: int, dt: object = None) -> int:
    return 0 if y == 0 else x // y


def _int_remainder(x: int, y: int, dt: object = None) -> int:
    return 0 if y == 0 else x % y


def _int_fmod(x: int, y: int) -> int:
    if y == 0:
        return 0
    r = abs(x) % abs(y)
    return -r if x < 0 else r


def _float_fmod(x: float, y: float) -> float:
    return _c_fmod(x, y)


def _int_power(x: int, y: Any, dt: DType | None = None) -> Any:
    if dt is None or dt.kind == "f":
        return power(x, y)
    if y < 0:
        raise ValueError("Integers to negative integer powers are not allowed.")
    return pow(x, y, 1 << dt.bits)


def _int_reciprocal(x: int) -> int:
    if x == 0:
        raise Refused("integer reciprocal of 0 is undefined")
    return 1 if x == 1 else -1 if x == -1 else 0


def _sign(x: Any) -> Any:
    if isinstance(x, float):
        if x != x:
            return x
        return 1.0 if x > 0 else -1.0 if x < 0 else 0.0
    return (x > 0) - (x < 0)


def _zero_tie(x: Any, y: Any) -> None:
    # Which of +0.0 / -0.0 NumPy returns depends on its loop (SIMD or not, float16 or wider).
    if x == 0 and y == 0 and isinstance(x, float) and math.copysign(1.0, x) != math.copysign(1.0, y):
        raise Refused("the maximum / minimum of +0.0 and -0.0")


def _maximum(x: Any, y: Any) -> Any:
    _zero_tie(x, y)
    if _is_nan(x):
        return x
    if _is_nan(y):
        return y
    return x if x > y else y


def _minimum(x: Any, y: Any) -> Any:
    _zero_tie(x, y)
    if _is_nan(x):
        return x
    if _is_nan(y):
        return y
    return x if x < y else y


def _fmax(x: Any, y: Any) -> Any:
    _zero_tie(x, y)
    if _is_nan(y):
        return x
    if _is_nan(x):
        return y
    return x if x >= y else y


def _fmin(x: Any, y: Any) -> Any:
    _zero_tie(x, y)
    if _is_nan(y):
        return x
    if _is_nan(x):
        return y
    return x if x <= y else y


def _rounder(fn: Callable[[float], int]) -> Callable[[float], float]:
    def rounded(x: float) -> float:
        if not math.isfinite(x):
            return x
        return math.copysign(float(fn(x)), x)
    return rounded


def _shift_left(x: int, y: int, dt: DType) -> int:  # C's shift, 0 past the width
    return x << y if 0 <= y < dt.bits else 0


def _shift_right(x: int, y: int, dt: DType) -> int:
    if 0 <= y < dt.bits:
        return x >> y
    return -1 if x < 0 else 0


def _lcm(x: int, y: int) -> int:
    g = math.gcd(x, y)
    return 0 if g == 0 else abs(x // g * y)


def _libm(fn: Callable[[float], float], overflow: Callable[[float], float] | None = None,
          domain: Callable[[float], float] | None = None) -> Callable[[float], float]:
    """A math function with C's results where Python raises: overflow to inf, poles and
    domain errors to -inf / nan."""
    def call(x: float) -> float:
        try:
            return fn(x)
        except OverflowError:
            return overflow(x) if overflow else math.inf
        except ValueError:
            return domain(x) if domain else math.nan
    return call


def _log_domain(x: float) -> float:
    return -math.inf if x == 0 else math.nan


def _log1p_domain(x: float) -> float:
    return -math.inf if x == -1 else math.nan


def _atanh_domain(x: float) -> float:
    return math.copysign(math.inf, x) if abs(x) == 1 else math.nan


def _exp2(x: float) -> float:
    return math.pow(2.0, x)


def _cbrt(x: float) -> float:
    cbrt = getattr(math, "cbrt", None)
    if cbrt is None:
        raise Refused("cbrt needs Python 3.11's math.cbrt")
    return cbrt(x)  # type: ignore[no-any-return]


_LOGE2 = 0.693147180559945309417232121458176568
_LOG2E = 1.442695040888963407359924681001892137


def _logaddexp(x: float, y: float) -> float:
    if x == y:
        return x + _LOGE2
    tmp = x - y
    if tmp > 0:
        return x + math.log1p(math.exp(-tmp))
    if tmp <= 0:
        return y + math.log1p(math.exp(tmp))
    return tmp


def _logaddexp2(x: float, y: float) -> float:
    if x == y:
        return x + 1
    tmp = x - y
    if tmp > 0:
        return x + math.log1p(math.pow(2.0, -tmp)) * _LOG2E
    if tmp <= 0:
        return y + math.log1p(math.pow(2.0, tmp)) * _LOG2E
    return tmp


def _heaviside(x: float, h: float) -> float:
    if x != x:
        return x
    return 0.0 if x < 0 else 1.0 if x > 0 else h


def _hypot(x: float, y: float) -> float:
    return math.hypot(x, y)




# ---------------------------------------------------------------------------------------------
# transcendental functions: exact results only

def _exact(value: Fraction) -> float:
    """The float equal to an exact rational, or Refused (NumPy's rounding of it is machine's)."""
    try:
        result = float(value)
    except OverflowError:
        raise Refused("a result past the float range") from None
    if _fraction(result) != value:
        raise Refused("a transcendental result that is not exact (NumPy's rounding depends on the machine)")
    return result


def _nextafter(x: float, y: float, dt: DType) -> float:
    """The next float of ``dt`` after ``x`` towards ``y`` (IEEE: exact at every width)."""
    if dt.itemsize == 8:
        return math.nextafter(x, y)
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == y:
        return y
    fmt = "<e" if dt.itemsize == 2 else "<f"
    if x == 0:
        return math.copysign(struct.unpack(fmt, (1).to_bytes(dt.itemsize, "little"))[0], y)
    bits = int.from_bytes(struct.pack(fmt, x), "little")
    bits += 1 if (y > x) == (x > 0) else -1
    return float(struct.unpack(fmt, bits.to_bytes(dt.itemsize, "little"))[0])


def _spacing(x: float, dt: DType) -> float:
    """npy_spacing: the gap to the next float away from zero (nan for nan and +-inf)."""
    if math.isinf(x) or math.isnan(x):
        return math.nan
    if x == 0:  # NumPy's _next(x, 1): the least positive float, for -0.0 too
        return _nextafter(0.0, math.inf, dt)
    return _nextafter(x, math.copysign(math.inf, x), dt) - x


def _frexp(x: float) -> tuple[float, int]:
    """C's frexp: (x, 0) for nan, +-inf and +-0."""
    if math.isinf(x) or math.isnan(x):
        return x, 0
    return math.frexp(x)


def _ldexp(x: float, n: int) -> float:
    """C's ldexp: exact but for overflow to +-inf and the (correctly rounded) underflow."""
    try:
        return math.ldexp(x, n)
    except OverflowError:
        return math.copysign(math.inf, x)


def _modf(x: float) -> tuple[float, float]:
    fraction, whole = math.modf(x)
    return fraction, whole


def _inexact(*args: object) -> float:
    raise Refused("a transcendental result that is not exact (NumPy's rounding depends on the machine)")


def _special(table: dict[str, float | Callable[[float], float]],
             general: Callable[[float], float] | None = None) -> Callable[[float], float]:
    """A function given by its values at nan / +-inf / +-0 / 1 and domain edges, plus an optional
    rule for the other exact cases."""
    def fn(x: float) -> float:
        if x != x:
            return x
        for key in ("inf", "-inf", "zero", "one", "-one"):
            if key in table and x == {"inf": math.inf, "-inf": -math.inf, "zero": 0.0, "one": 1.0,
                                      "-one": -1.0}[key]:
                found = table[key]
                return found(x) if callable(found) else found
        if "below" in table and x < table["low"]:  # type: ignore[operator]
            return table["below"]  # type: ignore[return-value]
        if "outside" in table and abs(x) > 1:
            return math.nan
        if general is not None:
            return general(x)
        return _inexact(x)
    return fn


def _same(x: float) -> float:
    return x


def _exp2_general(x: float) -> float:
    if x == math.floor(x):
        if x >= 1024:
            return math.inf
        if x >= -1074:
            return math.ldexp(1.0, int(x))
    return _inexact(x)


def _log2_general(x: float) -> float:
    if x > 0:
        mantissa, exponent = math.frexp(x)
        if mantissa == 0.5:
            return float(exponent - 1)
    return _inexact(x)


_POWERS_OF_TEN = {10.0 ** k: float(k) for k in range(23)}


def _log10_general(x: float) -> float:
    if x in _POWERS_OF_TEN:
        return _POWERS_OF_TEN[x]
    return _inexact(x)


def _cbrt_general(x: float) -> float:
    root = getattr(math, "cbrt", None)
    guess = root(x) if root else math.copysign(abs(x) ** (1.0 / 3.0), x)
    # The libm root can miss an exact cube by an ulp or two: try the neighbours.
    candidates = [guess]
    for direction in (math.inf, -math.inf):
        step = guess
        for _ in range(3):
            step = math.nextafter(step, direction)
            candidates.append(step)
    target = _fraction(x)
    for candidate in candidates:
        if _fraction(candidate) ** 3 == target:
            return candidate
    return _inexact(x)


_NAN = math.nan
_INF = math.inf
exp = _special({"inf": _INF, "-inf": 0.0, "zero": 1.0})
exp2 = _special({"inf": _INF, "-inf": 0.0, "zero": 1.0}, _exp2_general)
expm1 = _special({"inf": _INF, "-inf": -1.0, "zero": _same})
_LOG = {"inf": _INF, "zero": -_INF, "one": 0.0, "below": _NAN, "low": 0.0}
log = _special(_LOG)
log2 = _special(_LOG, _log2_general)
log10 = _special(_LOG, _log10_general)
log1p = _special({"inf": _INF, "-one": -_INF, "zero": _same, "below": _NAN, "low": -1.0})
sin = _special({"inf": _NAN, "-inf": _NAN, "zero": _same})
tan = sin
cos = _special({"inf": _NAN, "-inf": _NAN, "zero": 1.0})
arcsin = _special({"zero": _same, "outside": _NAN})
arccos = _special({"one": 0.0, "outside": _NAN})
arctan = _special({"zero": _same})
sinh = _special({"inf": _INF, "-inf": -_INF, "zero": _same})
cosh = _special({"inf": _INF, "-inf": _INF, "zero": 1.0})
tanh = _special({"inf": 1.0, "-inf": -1.0, "zero": _same})
arcsinh = _special({"inf": _INF, "-inf": -_INF, "zero": _same})
arccosh = _special({"inf": _INF, "one": 0.0, "below": _NAN, "low": 1.0})
arctanh = _special({"zero": _same, "one": _INF, "-one": -_INF, "outside": _NAN})
cbrt = _special({"inf": _INF, "-inf": -_INF, "zero": _same}, _cbrt_general)


def power(x: float, y: float) -> float:
    """C's pow where its result is exact (integer powers, square roots); Refused otherwise."""
    if y == 0 or x == 1:
        return 1.0
    if x != x or y != y:
        return math.nan
    if math.isinf(x) or math.isinf(y):
        return _inexact(x, y)
    if y == math.floor(y) and abs(y) <= 4096:
        odd = int(y) % 2 == 1
        if x == 0:
            if y > 0:
                return math.copysign(0.0, x) if odd else 0.0
            return math.copysign(math.inf, x) if odd else math.inf
        exact = _fraction(x) ** int(y)
        if abs(exact) >= 2 ** 1024:
            return math.copysign(math.inf, x) if odd else math.inf
        return _exact(exact)
    if y == 0.5 and x >= 0:
        root = math.sqrt(x)
        if _fraction(root) ** 2 == _fraction(x):
            return root
    return _inexact(x, y)


def hypot(x: float, y: float) -> float:
    if math.isinf(x) or math.isinf(y):
        return math.inf
    if x != x or y != y:
        return math.nan
    if x == 0 or y == 0:
        return abs(x) + abs(y)
    squares = _fraction(x) ** 2 + _fraction(y) ** 2
    candidate = math.sqrt(float(squares)) if squares < 2 ** 1000 else math.hypot(x, y)
    if _fraction(candidate) ** 2 == squares:
        return candidate
    return _inexact(x, y)


def arctan2(y: float, x: float) -> float:
    if x != x or y != y:
        return math.nan
    if y == 0 and (x > 0 or (x == 0 and math.copysign(1.0, x) > 0)):
        return y
    return _inexact(x, y)


def angle_constant(dt: DType, degrees: bool) -> float:
    """deg2rad / rad2deg's factor as NumPy's loop of that width computes it (float32 and the
    half loops use NPY_PIf / 180.0f in float)."""
    from .core import FLOAT64, round_f32
    if dt is FLOAT64:
        return 180.0 / math.pi if degrees else math.pi / 180.0
    pi32 = round_f32(math.pi)
    return round_f32(180.0 / pi32) if degrees else round_f32(pi32 / 180.0)
